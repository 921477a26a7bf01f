// @ts-check
// The skills of a collection as checkboxes: what `POST /api/imports?list=1`
// answered for an archive or a folder, each named by its id and the
// directory it was found in. The server judged each skill alone, as its
// import would: one it would refuse is shown unticked and cannot be ticked,
// with the refusal's code and the server's sentence beside it, before
// anything is imported; the others are ticked. A skill refused for hidden
// content is unticked too, but may be ticked: its import is then refused
// with every finding listed, where the codes can be accepted (upload.js),
// as `accept=` lifts that refusal and no other. The page decides nothing
// about the upload: it shows the listing and hands back the ticked skills,
// grouped by the `path` the listing says selects them (one import takes one
// `path`).
import { byId, el } from "./dom.js";

/** @typedef {import("./api.js").ListingAnswer["listing"]} Listing */
/** @typedef {{ path: string; skills: string[] }} Choice */

/**
 * Whether a refused skill's import could go through by accepting finding
 * codes: a `hidden-content` refusal, the one `accept=` lifts. Which codes
 * is the import's answer to say.
 * @param {Listing["skills"][number]} skill
 */
const mayAccept = (skill) =>
  skill.verdict?.importable === false && skill.verdict.refusal.code === "hidden-content";

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
  const refused = listing.skills.filter((skill) => skill.verdict?.importable === false);
  const hiding = refused.filter(mayAccept).length;
  const locked = refused.length - hiding;
  const held = `'${name}' holds ${listing.skills.length} skills; untick those not to import.`;
  const lockedSaid =
    locked === 0
      ? ""
      : ` ${locked === 1 ? "One is" : `${locked} are`} refused as said beside ${locked === 1 ? "it" : "each"}, and cannot be ticked.`;
  const hidingSaid =
    hiding === 0
      ? ""
      : ` ${hiding === 1 ? "One is" : `${hiding} are`} refused for hidden content as said beside ${hiding === 1 ? "it" : "each"}: tick ${hiding === 1 ? "it" : "one"} only to read its findings and accept them for this import.`;
  byId("choose-legend").textContent = `${held}${lockedSaid}${hidingSaid}`;
  const boxes = listing.skills.map((skill, index) => {
    const verdict = skill.verdict;
    const importable = verdict === undefined || verdict.importable;
    const described = importable
      ? `choose-${index}-found`
      : `choose-${index}-found choose-${index}-reason`;
    const box = el("input", {
      type: "checkbox",
      id: `choose-${index}`,
      checked: importable,
      disabled: !importable && !mayAccept(skill),
      "aria-describedby": described,
    });
    box.checked = importable;
    return { skill, box, index };
  });
  list.replaceChildren(
    ...boxes.map(({ skill, box, index }) => {
      const verdict = skill.verdict;
      return el(
        "li",
        {
          "data-listed": skill.name,
          "data-importable": String(verdict === undefined || verdict.importable),
        },
        el(
          "label",
          { for: box.id },
          box,
          el("strong", {}, skill.name),
          el(
            "span",
            { class: "found", id: `choose-${index}-found` },
            `found in ${skill.directory === "" ? "the top of what was sent" : skill.directory}`,
          ),
        ),
        verdict === undefined || verdict.importable
          ? null
          : el(
              "p",
              { class: "reason", id: `choose-${index}-reason` },
              el("span", { class: "code" }, verdict.refusal.code),
              verdict.message,
            ),
      );
    }),
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
