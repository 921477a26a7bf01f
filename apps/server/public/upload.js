// @ts-check
// Imports, one at a time: a folder (picker or drop) goes as a multipart form
// of client-relative paths; any single file, chosen or dropped, goes as the
// raw body with its name, and the reader's sniffing decides what it is. While
// an upload runs, the pickers are disabled and a drop is turned away; Cancel
// aborts it. Each upload's outcome names what was sent and when, and is
// cleared when the next one starts. "replace" applies to one import and
// unticks itself after it. A successful import's outcome lists the Agent
// Skills specification's warnings and the findings that did not refuse it,
// as the answer carries them.
// A browser sends no file modes: before a folder that holds scripts goes,
// the page says they will be stored non-executable and that an archive
// keeps modes. Which files look like scripts (a `#!` first line, `.sh`,
// `.py`) only decides whether to say so; the server decides everything else.
// Every upload, a folder or a single file, is first sent with `list=1`: when
// the server finds more than one skill in it, the page offers them as
// checkboxes (choose.js), each judged alone by the server, and imports only
// the ticked ones with `skill=` (and the listing's `path=`).
// A `hidden-content` refusal lists its findings with one unticked checkbox
// for each code that refused, named as the findings' sentences name it;
// ticking some and pressing Import again sends the same upload with the
// same query and an `accept=` for each, as `--accept` does on the command
// line. Which codes may be accepted is the server's to say: the boxes come
// from the refusal's own findings, and the server judges the codes sent.
import { apiHeaders, refuseToken, unreachable } from "./api.js";
import { chooseSkills } from "./choose.js";
import { byId, el, findingItems, showRefusal, warningItems } from "./dom.js";

/** @typedef {{ path: string; file: File }} Upload */
/** @typedef {{ kind: "folder"; name: string; files: Upload[] } | { kind: "file"; name: string; file: File }} Sending */
/**
 * A refused import's query, to send again: the codes it accepted already,
 * and a call that sends it accepting more.
 * @typedef {{ accepted: string[]; send: (codes: string[]) => void }} Again
 */

/** @type {XMLHttpRequest | undefined} */
let running;

/** @type {() => void} */
let afterImport = () => {};

/** @param {{ imported: () => void }} handlers */
export function setUpUploads({ imported }) {
  afterImport = imported;
  const folderInput = /** @type {HTMLInputElement} */ (byId("folder-input"));
  const archiveInput = /** @type {HTMLInputElement} */ (byId("archive-input"));
  byId("pick-folder").addEventListener("click", () => folderInput.click());
  byId("pick-archive").addEventListener("click", () => archiveInput.click());
  folderInput.addEventListener("change", () => {
    const files = [...(folderInput.files ?? [])].map((file) => ({
      path: file.webkitRelativePath || file.name,
      file,
    }));
    folderInput.value = "";
    if (files.length > 0) void start({ kind: "folder", name: folderName(files), files });
  });
  archiveInput.addEventListener("change", () => {
    const file = archiveInput.files?.[0];
    archiveInput.value = "";
    if (file) void start({ kind: "file", name: file.name, file });
  });
  byId("cancel-upload").addEventListener("click", () => running?.abort());
  setUpDrop();
}

/** @param {Upload[]} files */
const folderName = (files) => files[0]?.path.split("/")[0] ?? "folder";

const busy = () =>
  running !== undefined || !byId("scripts-notice").hidden || !byId("choose").hidden;

/** @param {boolean} on */
function setBusy(on) {
  for (const id of ["pick-folder", "pick-archive"]) {
    /** @type {HTMLButtonElement} */ (byId(id)).disabled = on;
  }
  byId("drop").setAttribute("aria-busy", String(on));
}

/** @param {Sending} sending */
const described = (sending) =>
  sending.kind === "folder"
    ? `folder '${sending.name}' (${sending.files.length} file${sending.files.length === 1 ? "" : "s"})`
    : `file '${sending.name}'`;

/** @param {string} kind @param {...Node} children */
function showOutcome(kind, ...children) {
  const outcome = byId("outcome");
  outcome.className = `outcome ${kind}`;
  outcome.replaceChildren(...children);
  outcome.hidden = false;
}

/**
 * Whether a file looks like a script: a shebang first line, or .sh / .py.
 * @param {Upload} upload
 */
async function looksLikeScript({ path, file }) {
  if (/\.(sh|py)$/i.test(path)) return true;
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head[0] === 0x23 && head[1] === 0x21;
}

/**
 * Asks before a folder holding scripts is sent; resolves whether to go on.
 * @param {Upload[]} files
 * @returns {Promise<boolean>}
 */
async function confirmScripts(files) {
  const scripts = [];
  for (const upload of files) if (await looksLikeScript(upload)) scripts.push(upload.path);
  if (scripts.length === 0) return true;
  const notice = byId("scripts-notice");
  const named = scripts.slice(0, 3).join(", ");
  const more = scripts.length > 3 ? ` and ${scripts.length - 3} more` : "";
  byId("scripts-text").textContent =
    `${named}${more} look${scripts.length === 1 ? "s" : ""} like ${scripts.length === 1 ? "a script" : "scripts"}. A browser sends no file modes, so every file of a folder upload is stored non-executable. To keep the executable bit, upload the folder as an archive (.tar, .tar.gz or .zip) instead.`;
  notice.hidden = false;
  setBusy(true);
  byId("scripts-go").focus();
  return new Promise((resolve) => {
    /** @param {boolean} go */
    const answer = (go) => {
      notice.hidden = true;
      setBusy(false);
      byId("scripts-go").removeEventListener("click", onGo);
      byId("scripts-stop").removeEventListener("click", onStop);
      resolve(go);
    };
    const onGo = () => answer(true);
    const onStop = () => answer(false);
    byId("scripts-go").addEventListener("click", onGo);
    byId("scripts-stop").addEventListener("click", onStop);
  });
}

/** @param {Sending} sending */
async function start(sending) {
  if (busy()) {
    showOutcome("refusal", el("p", {}, "An upload is already running; wait for it or cancel it."));
    return;
  }
  byId("outcome").hidden = true;
  if (sending.kind === "folder" && !(await confirmScripts(sending.files))) {
    showOutcome("neutral", el("p", {}, `Did not upload ${described(sending)}.`));
    return;
  }
  const replace = /** @type {HTMLInputElement} */ (byId("replace"));
  /** @type {XMLHttpRequestBodyInit} */
  let body;
  if (sending.kind === "folder") {
    const form = new FormData();
    for (const { path, file } of sending.files) {
      form.append("path", path);
      form.append("file", file, path);
    }
    body = form;
  } else {
    body = sending.file;
  }
  // What the upload holds, each skill judged alone; a collection is offered as a choice.
  const listQuery = new URLSearchParams({ list: "1" });
  if (sending.kind === "file") listQuery.set("name", sending.name);
  const listed = await send(`/api/imports?${listQuery}`, body, sending);
  if (listed.status !== 200) {
    report(sending, listed);
    return;
  }
  /** @type {URLSearchParams[]} one query for each import to send */
  let queries = [new URLSearchParams()];
  const { listing } = /** @type {import("./api.js").ListingAnswer} */ (listed.body);
  if (listing.skills.length > 1) {
    const choice = await chooseSkills(listing, sending.name);
    if (choice === undefined) {
      showOutcome("neutral", el("p", {}, `Did not import ${described(sending)}.`));
      return;
    }
    queries = choice.map(({ path, skills }) => {
      const query = new URLSearchParams();
      if (path !== "") query.set("path", path);
      for (const skill of skills) query.append("skill", skill);
      return query;
    });
  }
  if (sending.kind === "file") for (const query of queries) query.set("name", sending.name);
  if (replace.checked) for (const query of queries) query.set("replace", "1");
  await importEach(sending, body, queries, { skills: [], warnings: [], findings: [] });
}

/**
 * Sends one import for each query, in order, adding what each installed to
 * `imported`, and stops at the first refusal. A `hidden-content` refusal is
 * shown with a way to send the refused query again accepting codes the user
 * ticks; the queries after it go as they were, so nothing is accepted for a
 * skill whose findings were not shown.
 * @param {Sending} sending
 * @param {XMLHttpRequestBodyInit} body
 * @param {URLSearchParams[]} queries
 * @param {import("./api.js").ImportAnswer} imported
 */
async function importEach(sending, body, queries, imported) {
  /** @type {{ status: number; body: unknown; cancelled?: boolean }} */
  let answer = { status: 201, body: imported };
  /** @type {Again | undefined} */
  let again;
  for (const [index, query] of queries.entries()) {
    const suffix = query.size > 0 ? `?${query}` : "";
    const one = await send(`/api/imports${suffix}`, body, sending);
    if (one.status !== 201 && one.status !== 200) {
      answer = one;
      again = {
        accepted: query.getAll("accept"),
        send: (codes) => {
          const accepting = new URLSearchParams(query);
          for (const code of codes) accepting.append("accept", code);
          byId("outcome").hidden = true;
          void importEach(sending, body, [accepting, ...queries.slice(index + 1)], imported);
        },
      };
      break;
    }
    const { skills, warnings, findings } = /** @type {import("./api.js").ImportAnswer} */ (
      one.body
    );
    imported.skills.push(...skills);
    imported.warnings.push(...warnings);
    imported.findings.push(...findings);
  }
  const replace = /** @type {HTMLInputElement} */ (byId("replace"));
  if (answer.status !== 0) replace.checked = false;
  report(sending, answer, again);
  afterImport();
}

/**
 * Sends one import with upload progress and a Cancel button.
 * @param {string} url
 * @param {XMLHttpRequestBodyInit} body
 * @param {Sending} sending
 * @returns {Promise<{ status: number; body: unknown; cancelled?: boolean }>}
 */
function send(url, body, sending) {
  const bar = /** @type {HTMLProgressElement} */ (byId("progress-bar"));
  const text = byId("progress-text");
  byId("progress-label").textContent = `Uploading ${described(sending)}`;
  byId("progress").hidden = false;
  bar.value = 0;
  text.textContent = "starting…";
  const request = new XMLHttpRequest();
  running = request;
  setBusy(true);
  return new Promise((resolve) => {
    /** @param {{ status: number; body: unknown; cancelled?: boolean }} answer */
    const finish = (answer) => {
      running = undefined;
      setBusy(false);
      byId("progress").hidden = true;
      resolve(answer);
    };
    request.open("POST", url);
    for (const [name, value] of Object.entries(apiHeaders())) {
      request.setRequestHeader(name, value);
    }
    if (!(body instanceof FormData))
      request.setRequestHeader("content-type", "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      bar.value = event.loaded / event.total;
      text.textContent = `${Math.floor((event.loaded / event.total) * 100)}% sent`;
    };
    request.upload.onload = () => {
      bar.value = 1;
      text.textContent = "sent, checking…";
    };
    request.onload = () => {
      /** @type {unknown} */
      let parsed;
      try {
        parsed = JSON.parse(request.responseText);
      } catch {
        parsed = undefined;
      }
      finish({ status: request.status, body: parsed });
    };
    request.onerror = () => finish({ status: 0, body: undefined });
    request.onabort = () => finish({ status: 0, body: undefined, cancelled: true });
    request.send(body);
  });
}

/**
 * Shows what became of one upload.
 * @param {Sending} sending
 * @param {{ status: number; body: unknown; cancelled?: boolean }} answer
 * @param {Again} [again] how to send the refused import again
 */
function report(sending, answer, again) {
  const when = new Date().toLocaleTimeString();
  if (answer.cancelled) {
    showOutcome(
      "neutral",
      el("p", {}, `Cancelled the upload of ${described(sending)} at ${when}.`),
    );
    return;
  }
  if (answer.status === 401) refuseToken();
  if (answer.status === 201 || answer.status === 200) {
    const { skills, warnings, findings } = /** @type {import("./api.js").ImportAnswer} */ (
      answer.body
    );
    const items = skills.map((skill) =>
      el(
        "li",
        {},
        el("strong", {}, skill.id),
        ` — ${skill.files.length} file${skill.files.length === 1 ? "" : "s"}${skill.replaced ? ", replaced" : ""}`,
      ),
    );
    const count = skills.length;
    showOutcome(
      "success",
      el("p", { class: "lead" }, `${described(sending)} at ${when}:`),
      el("p", {}, `Imported ${count} skill${count === 1 ? "" : "s"}.`),
      el("ul", {}, ...items),
      ...noted(
        "warnings",
        warnings.length,
        "from the Agent Skills specification; the skills were imported all the same",
        warningItems(warnings),
      ),
      ...noted(
        "findings",
        findings.length,
        "in the files, reported, not refused",
        findingItems(findings),
      ),
    );
    return;
  }
  const body = /** @type {import("./api.js").ErrorAnswer | undefined} */ (answer.body);
  const outcome = byId("outcome");
  showRefusal(outcome, body ?? unreachable(), `${described(sending)} at ${when}:`);
  if (body?.refusal.code === "hidden-content" && again !== undefined) {
    outcome.append(...acceptControls(body.findings ?? [], again));
  }
}

/**
 * One unticked checkbox for each code among the findings that refused this
 * import (the server's severity says which refuse, less the codes the
 * import accepted already), and a button, enabled once one is ticked, that
 * sends the import again accepting the ticked codes beside those. The
 * server judges the codes again, so nothing here decides what may be
 * accepted.
 * @param {import("@skillshelf/bundle-reader").Finding[]} findings
 * @param {Again} again
 * @returns {HTMLElement[]}
 */
function acceptControls(findings, again) {
  const accepted = new Set(again.accepted);
  const refusing = findings.filter((f) => f.severity === "refuse" && !accepted.has(f.code));
  const codes = [...new Set(refusing.map((f) => f.code))];
  if (codes.length === 0) return [];
  const boxes = codes.map((code) =>
    el("input", { type: "checkbox", id: `accept-${code}`, "data-accept": code }),
  );
  const button = el(
    "button",
    { type: "button", id: "accept-import", disabled: true },
    "Import again, accepting what is ticked",
  );
  for (const box of boxes) {
    box.addEventListener("change", () => {
      button.disabled = !boxes.some((one) => one.checked);
    });
  }
  button.addEventListener("click", () => {
    if (busy()) return;
    const ticked = boxes.filter((box) => box.checked).map((box) => box.dataset.accept ?? "");
    if (ticked.length > 0) again.send(ticked);
  });
  return [
    el(
      "fieldset",
      { class: "accept", "aria-describedby": "accept-why" },
      el("legend", {}, "Having read the findings above:"),
      el(
        "p",
        { class: "hint", id: "accept-why" },
        `Tick a code only if its findings are meant; the same upload is sent again with the same choices${accepted.size === 0 ? "" : `, still accepting ${[...accepted].join(", ")}`}, and the install record keeps the codes accepted.`,
      ),
      ...boxes.map((box, index) =>
        el(
          "label",
          { for: box.id, class: "accept-code" },
          box,
          ` accept ${codes[index]} for this import`,
        ),
      ),
      el("div", { class: "actions" }, button),
    ),
  ];
}

/**
 * What an import drew without being refused, under a lead that counts it;
 * nothing when there is none.
 * @param {"warnings" | "findings"} kind
 * @param {number} count
 * @param {string} what
 * @param {HTMLLIElement[]} items
 * @returns {HTMLElement[]}
 */
function noted(kind, count, what, items) {
  if (count === 0) return [];
  const noun = kind === "warnings" ? "warning" : "finding";
  const title = `outcome-${kind}-title`;
  return [
    el("p", { class: "lead", id: title }, `${count} ${noun}${count === 1 ? "" : "s"} ${what}:`),
    el("ul", { class: `${kind}-list`, id: `outcome-${kind}`, "aria-labelledby": title }, ...items),
  ];
}

// ---- drag and drop ----

/**
 * @param {FileSystemDirectoryReader} reader
 * @returns {Promise<FileSystemEntry[]>}
 */
function readAllEntries(reader) {
  return new Promise((resolve, reject) => {
    /** @type {FileSystemEntry[]} */
    const all = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

/**
 * @param {FileSystemFileEntry} entry
 * @returns {Promise<File>}
 */
const fileOf = (entry) => new Promise((resolve, reject) => entry.file(resolve, reject));

/**
 * Walks a dropped entry into files with paths relative to the drop (the folder's name first).
 * @param {FileSystemEntry} entry
 * @param {Upload[]} into
 */
async function walk(entry, into) {
  if (entry.isFile) {
    const file = await fileOf(/** @type {FileSystemFileEntry} */ (entry));
    into.push({ path: entry.fullPath.replace(/^\//, ""), file });
  } else if (entry.isDirectory) {
    const reader = /** @type {FileSystemDirectoryEntry} */ (entry).createReader();
    for (const child of await readAllEntries(reader)) await walk(child, into);
  }
}

function setUpDrop() {
  const drop = byId("drop");
  for (const type of ["dragenter", "dragover"]) {
    drop.addEventListener(type, (event) => {
      event.preventDefault();
      drop.classList.add("over");
    });
  }
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", async (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    const transfer = /** @type {DragEvent} */ (event).dataTransfer;
    if (transfer === null) return;
    const entries = [...transfer.items]
      .map((item) => (item.webkitGetAsEntry ? item.webkitGetAsEntry() : null))
      .filter((entry) => entry !== null);
    const only = entries.length === 1 ? entries[0] : undefined;
    if (only?.isFile) {
      const file = await fileOf(/** @type {FileSystemFileEntry} */ (only));
      await start({ kind: "file", name: file.name, file });
      return;
    }
    if (entries.length === 0) {
      const file = transfer.files[0];
      if (transfer.files.length === 1 && file) await start({ kind: "file", name: file.name, file });
      return;
    }
    /** @type {Upload[]} */
    const files = [];
    for (const entry of entries) await walk(entry, files);
    await start({ kind: "folder", name: folderName(files), files });
  });
}
