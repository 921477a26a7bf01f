// @ts-check
// The skillshelf console: the catalog (live, filterable), one skill's files,
// removal, and imports. It holds no rule of its own: what is a skill, what a
// file holds, how big it is and why something is refused all arrive from the
// server, formatted, and are shown as given, with textContent only. The
// token comes from the address's fragment (which browsers never send) or is
// pasted into the page, and is kept in sessionStorage for this tab.
import { keepToken, takeToken, whenUnauthorized } from "./api.js";
import { loadCatalog, setUpCatalog } from "./catalog-view.js";
import { byId } from "./dom.js";
import { followEvents } from "./events.js";
import { closeSkill, setUpSkillView, shownSkill, showSkill } from "./skill-view.js";
import { setUpUploads } from "./upload.js";

const sections = ["import", "catalog"];

/** @param {boolean} refused whether a token was tried and refused */
function askForToken(refused) {
  following = false;
  byId("no-token").hidden = false;
  for (const id of [...sections, "detail", "revision-value"]) byId(id).hidden = true;
  byId("no-token-why").dataset.refused = String(refused);
  if (refused) {
    byId("no-token-why").textContent =
      "The server refused that token. Paste the token this run of skillshelf-server printed (a token from an earlier run no longer works), or open the URL it printed.";
  }
  byId("token-input").focus();
}

let following = false;

function open() {
  byId("no-token").hidden = true;
  for (const id of sections) byId(id).hidden = false;
  void loadCatalog();
  if (following) return;
  following = true;
  followEvents({
    onChange: (change) => {
      void loadCatalog();
      const id = shownSkill();
      if (id === "" || change === undefined || !change.ids.includes(id)) return;
      if (change.kind === "removed") closeSkill();
      else void showSkill(id);
    },
    onLive: (live) => {
      byId("live").hidden = !live;
    },
  });
}

setUpCatalog({
  open: (id) => void showSkill(id),
  removed: (id) => {
    if (shownSkill() === id) closeSkill();
  },
});
setUpSkillView();
setUpUploads({ imported: () => void loadCatalog() });
whenUnauthorized(() => askForToken(true));

byId("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = /** @type {HTMLInputElement} */ (byId("token-input"));
  const pasted = input.value.trim();
  input.value = "";
  if (pasted === "") return;
  keepToken(pasted);
  open();
});

if (takeToken()) open();
else askForToken(false);
