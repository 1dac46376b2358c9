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
  return (text, values) => fill(Object.hasOwn(messages, text) ? messages[text] : text, values);
}

export const english = translator();

/** The translator of the widget or problem set around `element` (its data-texts). */
export function textsOf(element) {
  const raw = element?.closest?.("[data-texts]")?.dataset.texts;
  return raw ? translator(JSON.parse(raw)) : english;
}
