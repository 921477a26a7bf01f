// @ts-check
// The catalog: offered skills as cards (id, origin, size, digest, a badge
// naming who signed the tree when a trusted key did, a clamped
// description), refused ones with the refusal's sentence as the server
// words it, a filter over id and description, and removal of a managed
// skill (offered or refused) after a confirmation. Every Remove button is
// named after its skill, so a screen reader hears which one it removes. A
// card's first line is its id and its Remove button only, the id cut to fit
// (whole in its title), so neither the card nor the button moves with the
// id's length; the facts follow on a line of their own.
import { api } from "./api.js";
import { byId, el, showRefusal } from "./dom.js";

/** @typedef {import("./api.js").ListedSkill} ListedSkill */
/** @typedef {import("./api.js").ListedRefusal} ListedRefusal */

/** @type {import("./api.js").SkillsAnswer | undefined} */
let shown;

/** @type {(id: string) => void} */
let openSkill = () => {};

/** @type {(id: string) => void} */
let onRemoved = () => {};

/**
 * @param {{ open: (id: string) => void; removed: (id: string) => void }} handlers
 */
export function setUpCatalog({ open, removed }) {
  openSkill = open;
  onRemoved = removed;
  byId("filter").addEventListener("input", render);
  byId("confirm-cancel").addEventListener("click", () => confirmDialog().close("cancel"));
  byId("confirm-button").addEventListener("click", () => confirmDialog().close("remove"));
}

const confirmDialog = () => /** @type {HTMLDialogElement} */ (byId("confirm-remove"));

/** Fetches the catalog and shows it. */
export async function loadCatalog() {
  /** @type {import("./api.js").Answer<import("./api.js").SkillsAnswer>} */
  const answer = await api("GET", "/api/skills");
  if (!answer.ok) return;
  shown = answer.body;
  byId("revision").textContent = shown.revision;
  byId("revision").title = shown.revision;
  // A label with nothing after it says nothing: it shows once there is a revision.
  byId("revision-value").hidden = shown.revision === "";
  render();
}

/** @param {string} query @param {ListedSkill} skill */
const matches = (query, skill) =>
  query === "" ||
  skill.id.toLowerCase().includes(query) ||
  (skill.description ?? "").toLowerCase().includes(query);

function render() {
  if (shown === undefined) return;
  const { skills, refused } = shown;
  const query = /** @type {HTMLInputElement} */ (byId("filter")).value.trim().toLowerCase();
  const visible = skills.filter((skill) => matches(query, skill));
  const withheld = new Map((shown.withheld ?? []).map((skill) => [skill.id, skill]));
  byId("skills").replaceChildren(
    ...visible.map((skill) => skillCard(skill, withheld.get(skill.id))),
  );
  const filtered = visible.length === skills.length ? "" : `, ${visible.length} shown`;
  byId("skill-count").textContent =
    `${skills.length} offered, ${refused.length} refused${filtered}`;
  const empty = byId("no-skills");
  empty.hidden = visible.length > 0;
  empty.textContent =
    skills.length > 0
      ? "No skill matches the filter."
      : refused.length > 0
        ? "No skill is offered: every skill found is refused, as listed below."
        : "No skills yet. Import a bundle above.";
  byId("refused-block").hidden = refused.length === 0;
  byId("refused").replaceChildren(...refused.map(refusedItem));
}

/** @param {{ id: string; origin?: string }} skill */
function removeButton(skill) {
  if (skill.origin !== "managed") return null;
  return el(
    "button",
    {
      type: "button",
      class: "quiet small",
      "data-remove": skill.id,
      "aria-label": `Remove ${skill.id}`,
      onclick: () => confirmRemove(skill.id),
    },
    "Remove",
  );
}

/**
 * A withheld skill (drifted, unapproved, or unsigned under the signature
 * policy) is marked: the catalog offers it, but
 * the trust gate keeps it from workers, for the reason the server sends.
 * @param {ListedSkill} skill @param {ListedRefusal | undefined} withheld
 */
function skillCard(skill, withheld) {
  return el(
    "li",
    { class: "skill", "data-skill": skill.id },
    el(
      "div",
      { class: "skill-head" },
      el(
        "button",
        { type: "button", class: "link id", title: skill.id, onclick: () => openSkill(skill.id) },
        skill.id,
      ),
      removeButton(skill),
    ),
    el(
      "div",
      { class: "skill-facts" },
      el("span", { class: `badge ${skill.origin}` }, skill.origin),
      el("span", { class: "size" }, skill.size),
      el("code", { class: "digest", title: skill.digest }, skill.digest),
      skill.signer === undefined
        ? null
        : el(
            "span",
            {
              class: "badge signed",
              title: `${skill.signer.fingerprint} (${skill.signer.algorithm})`,
              "data-signer": skill.signer.principal,
            },
            `signed by ${skill.signer.principal}`,
          ),
      withheld === undefined
        ? null
        : el("span", { class: "code", "data-withheld": withheld.code }, withheld.code),
    ),
    el("p", { class: "description", title: skill.description }, skill.description ?? ""),
    withheld === undefined ? null : el("p", { class: "reason" }, withheld.message),
  );
}

/** @param {ListedRefusal} refused */
function refusedItem(refused) {
  return el(
    "li",
    { "data-refused": refused.id },
    el(
      "div",
      { class: "skill-head" },
      el("span", { class: "id", title: refused.id }, refused.id),
      removeButton(refused),
    ),
    el(
      "div",
      { class: "skill-facts" },
      refused.origin === undefined
        ? null
        : el("span", { class: `badge ${refused.origin}` }, refused.origin),
      el("span", { class: "code" }, refused.code),
    ),
    el("p", { class: "reason" }, refused.message),
  );
}

/** @param {string} id */
function confirmRemove(id) {
  const dialog = confirmDialog();
  byId("confirm-text").textContent =
    `Remove the managed skill '${id}'? Its folder is deleted from the store; this cannot be undone.`;
  dialog.returnValue = "";
  dialog.addEventListener(
    "close",
    async () => {
      if (dialog.returnValue !== "remove") return;
      /** @type {import("./api.js").Answer<import("./api.js").RemoveAnswer>} */
      const answer = await api("DELETE", `/api/skills/${encodeURIComponent(id)}`);
      const outcome = byId("outcome");
      if (answer.ok) {
        outcome.className = "outcome success";
        outcome.replaceChildren(
          el("p", {}, `Removed '${id}' at ${new Date().toLocaleTimeString()}.`),
        );
        outcome.hidden = false;
        onRemoved(id);
      } else {
        showRefusal(outcome, answer.body, `Removing '${id}' was refused.`);
      }
      await loadCatalog();
    },
    { once: true },
  );
  dialog.showModal();
}
