// @ts-check
// Building the page from data: every string becomes a text node, never
// markup, so nothing the server sends (a skill's text, a refusal naming a
// hostile path) can turn into HTML.

/**
 * The element with `id`, which the page is known to hold.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node;
}

/** @typedef {Record<string, string | boolean | ((event: Event) => void) | undefined>} Props */

/**
 * Builds an element; `on…` props become listeners, `true` an empty
 * attribute, `false` and `undefined` nothing; string children become text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props} [props]
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = String(value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === undefined || child === null) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/**
 * The findings of a skill's files, one item each: its code, then the
 * findings table's sentence, which names the file, line and column.
 * @param {import("@skillshelf/bundle-reader").Finding[]} findings
 * @returns {HTMLLIElement[]}
 */
export function findingItems(findings) {
  return findings.map((finding) =>
    el(
      "li",
      {
        "data-code": finding.code,
        "data-path": finding.path,
        "data-severity": finding.severity,
      },
      el("span", { class: "code" }, finding.code),
      finding.message,
    ),
  );
}

/**
 * The Agent Skills specification's warnings, one item each: its code and sentence.
 * @param {import("@skillshelf/bundle-reader").Warning[]} warnings
 * @returns {HTMLLIElement[]}
 */
export function warningItems(warnings) {
  return warnings.map((warning) =>
    el(
      "li",
      { "data-code": warning.code, "data-field": warning.field },
      el("span", { class: "code" }, warning.code),
      warning.message,
    ),
  );
}

/**
 * Shows a refusal (its code and the server's sentence) in `node`; a refusal
 * that carries findings (`hidden-content`) lists every one of them, as the
 * answer gives them, since its sentence names only the first.
 * @param {HTMLElement} node
 * @param {import("./api.js").ErrorAnswer} body
 * @param {string} [lead] what was being done, said before the sentence
 */
export function showRefusal(node, body, lead) {
  const findings = body.findings ?? [];
  const count = findings.length;
  node.className = "outcome refusal";
  node.replaceChildren(
    ...(lead === undefined ? [] : [el("p", { class: "lead" }, lead)]),
    el("p", {}, el("span", { class: "code" }, body.refusal.code), body.message),
    ...(count === 0
      ? []
      : [
          el(
            "p",
            { class: "lead", id: `${node.id}-findings-title` },
            `${count} finding${count === 1 ? "" : "s"} in all:`,
          ),
          el(
            "ul",
            { class: "findings-list", "aria-labelledby": `${node.id}-findings-title` },
            ...findingItems(findings),
          ),
        ]),
  );
  node.hidden = false;
}
