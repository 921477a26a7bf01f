// @ts-check
// The skills of a collection as checkboxes: what `POST /api/imports?list=1`
// answered for an archive, all ticked, each named by its id and the
// directory it was found in. The page decides nothing about the archive: it
// shows the listing and hands back the ticked skills, grouped by the `path`
// the listing says selects them (one import takes one `path`).
import { byId, el } from "./dom.js";

/** @typedef {import("./api.js").ListingAnswer["listing"]} Listing */
/** @typedef {{ path: string; skills: string[] }} Choice */

/**
 * Shows `listing` as checkboxes; resolves the ticked skills grouped by
 * their `path` (in the listing's order), or undefined when the user stops.
 * @param {Listing} listing
 * @param {string} name what was sent, said in the legend
 * @returns {Promise<Choice[] | undefined>}
 */
export function chooseSkills(listing, name) {
  const form = /** @type {HTMLFormElement} */ (byId("choose"));
  const list = byId("choose-list");
  byId("choose-legend").textContent =
    `'${name}' holds ${listing.skills.length} skills; untick those not to import.`;
  const boxes = listing.skills.map((skill, index) => {
    const box = el("input", {
      type: "checkbox",
      id: `choose-${index}`,
      checked: true,
      "aria-describedby": `choose-${index}-found`,
    });
    box.checked = true;
    return { skill, box, index };
  });
  list.replaceChildren(
    ...boxes.map(({ skill, box, index }) =>
      el(
        "li",
        { "data-listed": skill.name },
        el(
          "label",
          { for: box.id },
          box,
          el("strong", {}, skill.name),
          el(
            "span",
            { class: "found", id: `choose-${index}-found` },
            `found in ${skill.directory === "" ? "the archive's top" : skill.directory}`,
          ),
        ),
      ),
    ),
  );
  const importButton = /** @type {HTMLButtonElement} */ (byId("choose-import"));
  const sync = () => {
    importButton.disabled = !boxes.some(({ box }) => box.checked);
  };
  for (const { box } of boxes) box.addEventListener("change", sync);
  sync();
  form.hidden = false;
  boxes[0]?.box.focus();
  return new Promise((resolve) => {
    /** @param {Choice[] | undefined} choice */
    const answer = (choice) => {
      form.hidden = true;
      list.replaceChildren();
      form.removeEventListener("submit", onSubmit);
      byId("choose-stop").removeEventListener("click", onStop);
      resolve(choice);
    };
    /** @param {Event} event */
    const onSubmit = (event) => {
      event.preventDefault();
      /** @type {Map<string, string[]>} */
      const byPath = new Map();
      for (const { skill, box } of boxes) {
        if (!box.checked) continue;
        byPath.set(skill.path, [...(byPath.get(skill.path) ?? []), skill.name]);
      }
      answer([...byPath].map(([path, skills]) => ({ path, skills })));
    };
    const onStop = () => answer(undefined);
    form.addEventListener("submit", onSubmit);
    byId("choose-stop").addEventListener("click", onStop);
  });
}
