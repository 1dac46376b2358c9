// The words the browser shows, in the page's language: one message catalogue for both twins.
//
// A text is written in English where it is used, t + ("{n} problems", { n }), as gettext does; the
// build (widgets/texts.py) finds every such call of a script and puts their translations, from the
// engine's catalogues (calc/zh.py, calc/<topic>/zh.py), on the widget as data-texts. An English
// page has none: the English text is the message. `{name}` fields are filled from `values`, the
// same way widgets/texts.py fills them for the build-time twin. No DOM at import time (node loads it).

export function fill(text, values = {}) {
  return text.replace(/\{(\w+)\}/g, (field, name) => (name in values ? String(values[name]) : field));
}

/** The function that gives `text`, `values` filled in, from an {english: translation} catalogue (none: English). */
export function translator(messages = {}) {
  return Object.assign((text, values) => fill(Object.hasOwn(messages, text) ? messages[text] : text, values), { messages });
}

export const english = translator();

/** The translator of the widget or problem set around `element` (its data-texts). */
export function textsOf(element) {
  const raw = element?.closest?.("[data-texts]")?.dataset.texts;
  return raw ? translator(JSON.parse(raw)) : english;
}

// Words said where the reader's language is not known (the worker and boot.js: one worker serves
// every widget), written t + ("…") there too, with `const t = said`: kept as {text, values}, a value
// may be such words again, and put in a widget's language where it is shown (`inLanguage`).
export function said(text, values = {}) {
  return { text, values };
}

/** `words` (said, or a plain string such as a browser's own message) in the language of `tr`. */
export function inLanguage(words, tr = english) {
  if (words === null || typeof words !== "object" || typeof words.text !== "string") return String(words ?? "");
  const values = Object.fromEntries(Object.entries(words.values ?? {}).map(([name, v]) => [name, inLanguage(v, tr)]));
  return fill(Object.hasOwn(tr.messages, words.text) ? tr.messages[words.text] : words.text, values);
}
