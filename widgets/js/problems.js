// Worked problems: hydrates the pre-rendered problem sets ([[problems:PAGE]]) on a page.
//
// Every answer is checked by the engine in the shared Python worker (calc.problems via
// window.calcRuntime.ask), never by JavaScript, so the declaration in calc is the one source.
// The seed is in the URL (?seed=N): a trainer shares one link and everyone gets the same
// numbers; "New numbers" draws another seed. In an iframe, each checked answer is posted to
// the parent as {type: "calc:problem", problem, seed, correct, attempts}.

import { inLanguage, textsOf } from "./texts.js";

const MAX_SEED = 2 ** 31 - 1;

function seedFromUrl(fallback) {
  const raw = new URLSearchParams(location.search).get("seed");
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) <= MAX_SEED ? Number(raw) : fallback;
}

// Every request carries the set's language: the engine answers in it (calc.problems.request_json).
function ask(set, request) {
  return window.calcRuntime.ask("problem", { request: { ...request, lang: set.lang } });
}

function tell(message) {
  if (window.parent !== window) window.parent.postMessage(message, "*");
}

// The worker's own words are said (texts.js): shown in `t`'s language.
function failure(err, t) {
  const error = inLanguage(err.said ?? err.message, t);
  return err.startup ? t("{error}. Answers are checked by Python in your browser: reload the page to try again.", { error })
    : error;
}

class ProblemSet {
  constructor(root) {
    this.root = root;
    root.dataset.hydrated = "true";
    this.lang = root.dataset.lang || "en";
    this.t = textsOf(root);
    this.status = root.querySelector(".calc-problems-status");
    this.built = Number(root.dataset.seed);
    this.problems = [...root.querySelectorAll(".calc-problem")].map((el) => new Problem(el, this));
    root.querySelector(".calc-new-numbers").addEventListener("click", () => this.setSeed(1 + Math.floor(Math.random() * 999_999)));
    this.setSeed(seedFromUrl(this.built), false);
    // The build renders the buttons disabled (widgets/problems.py): a Check before this script ran was lost.
    for (const button of root.querySelectorAll("button[disabled]")) button.disabled = false;
  }

  async setSeed(seed, save = true) {
    const typed = this.seed === undefined && seed === this.built;  // an answer typed before this script ran stays
    this.seed = seed;
    this.root.dataset.seed = String(seed);
    if (save) {
      const query = new URLSearchParams(location.search);
      query.set("seed", String(seed));
      history.replaceState(history.state, "", `${location.pathname}?${query}${location.hash}`);
    }
    if (!typed) for (const p of this.problems) p.reset();
    const t = this.t;
    if (seed === this.built) { this.say(t("Numbers set {seed}; answers are checked by the engine in your browser.", { seed })); return; }
    this.root.dataset.state = "loading";
    this.say(t("Drawing numbers set {seed}…", { seed }));
    try {
      await Promise.all(this.problems.map((p) => p.load(seed)));
      if (this.seed !== seed) return;
      delete this.root.dataset.state;
      this.say(t("Numbers set {seed}; answers are checked by the engine in your browser.", { seed }));
    } catch (err) {
      this.root.dataset.state = "failed";
      this.say(t("{error}. The statements above are for numbers set {seed}.", { error: inLanguage(err.said ?? err.message, t), seed: this.built }));
    }
  }

  say(text) { this.status.textContent = text; }
}

class Problem {
  constructor(el, set) {
    this.el = el;
    this.set = set;
    this.name = el.dataset.problem;
    this.form = el.querySelector("form");
    this.input = el.querySelector("input[name=answer]");
    this.feedback = el.querySelector(".calc-problem-feedback");
    this.solution = el.querySelector(".calc-problem-solution");
    this.statement = el.querySelector(".calc-problem-statement");
    this.attempts = 0;
    this.hints = 0;
    this.form.addEventListener("submit", (e) => { e.preventDefault(); this.check(); });
    el.querySelector("[data-action=hint]").addEventListener("click", () => this.hint());
    el.querySelector("[data-action=solution]").addEventListener("click", () => this.solve());
  }

  reset() {
    this.attempts = 0;
    this.hints = 0;
    this.input.value = "";
    this.input.removeAttribute("aria-invalid");
    this.feedback.textContent = "";
    delete this.el.dataset.correct;
    this.solution.hidden = true;
    this.solution.replaceChildren();
  }

  async load(seed) {
    this.statement.classList.add("calc-stale");
    const made = await ask(this.set, { action: "make", problem: this.name, seed });
    if (this.set.seed !== seed) return;
    this.statement.textContent = made.statement;
    this.statement.classList.remove("calc-stale");
  }

  show(text, kind) {
    this.feedback.textContent = text;
    this.feedback.dataset.kind = kind;
  }

  async check() {
    const seed = this.set.seed;
    const answer = this.input.value;
    this.el.dataset.busy = "true";
    const t = this.set.t;
    this.show(window.calcRuntime.stats.readyAt ? t("Checking…") : t("Checking… (Python is starting in your browser)"), "busy");
    try {
      const attempt = this.attempts + 1;
      const verdict = await ask(this.set, { action: "check", problem: this.name, seed, answer, attempt });
      if (seed !== this.set.seed) return;
      if (verdict.kind === "unreadable") {
        this.input.setAttribute("aria-invalid", "true");
        this.show(verdict.message, "unreadable");
        return;
      }
      this.attempts = attempt;
      this.input.removeAttribute("aria-invalid");
      this.el.dataset.correct = String(verdict.correct);
      this.show(verdict.hint ? t("{message} Hint: {hint}", { message: verdict.message, hint: verdict.hint }) : verdict.message, verdict.kind);
      tell({ type: "calc:problem", problem: this.name, seed, correct: verdict.correct, attempts: this.attempts });
    } catch (err) {
      this.show(failure(err, t), "error");
    } finally {
      delete this.el.dataset.busy;
    }
  }

  async hint() {
    try {
      this.hints += 1;
      const reply = await ask(this.set, { action: "hint", problem: this.name, seed: this.set.seed, number: this.hints });
      this.show(this.set.t("Hint: {hint}", { hint: reply.hint }), "hint");
    } catch (err) {
      this.show(failure(err, this.set.t), "error");
    }
  }

  async solve() {
    try {
      const seed = this.set.seed;
      const reply = await ask(this.set, { action: "solution", problem: this.name, seed });
      if (seed !== this.set.seed) return;
      this.solution.replaceChildren(...reply.solution.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
      this.solution.hidden = false;
    } catch (err) {
      this.show(failure(err, this.set.t), "error");
    }
  }
}

// Python starts while the trainee reads the first statement, not when they press Check.
const observer = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { observer.disconnect(); window.calcRuntime.startWorker().catch(() => {}); }
  })
  : null;

function hydrateProblems() {
  for (const root of document.querySelectorAll(".calc-problems:not([data-hydrated])")) {
    new ProblemSet(root);
    observer?.observe(root);
  }
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => hydrateProblems());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", hydrateProblems);
} else {
  hydrateProblems();
}
