// @ts-check
// One skill: its facts, its files as a tree (folders are <details>, so they
// collapse with the keyboard too), sizes in a column of their own, the
// executable bit as a label, and a viewer beside the list that fetches one
// file at a time from GET /api/skills/:id/files/<path>, streamed as text.
// Above them, the findings of its files as held now (hidden text, HTML
// comments, frontmatter that grants or runs, ambiguous frontmatter), each
// with its code, place and the findings table's sentence, as `show` prints
// them, and the Agent Skills specification's warnings for its SKILL.md
// (which never refuse). Opening a skill moves focus to its heading. A file and a finding are
// shown with textContent only: markup in them stays text.
import { api, apiHeaders, fileAddress, unreachable } from "./api.js";
import { byId, el, findingItems, showRefusal, warningItems } from "./dom.js";

/** @typedef {import("./api.js").ListedFile} ListedFile */
/** @typedef {{ name: string; path: string; folders: Map<string, Folder>; files: ListedFile[] }} Folder */

/** The skill shown now, so a late answer for an earlier one is dropped. */
let current = "";
/** @type {AbortController | undefined} */
let viewing;

export function setUpSkillView() {
  byId("close-detail").addEventListener("click", closeSkill);
}

export function shownSkill() {
  return byId("detail").hidden ? "" : current;
}

export function closeSkill() {
  viewing?.abort();
  current = "";
  byId("detail").hidden = true;
}

/**
 * Files by folder, from their POSIX paths below the skill's root.
 * @param {ListedFile[]} files
 * @returns {Folder}
 */
function treeOf(files) {
  /** @type {Folder} */
  const root = { name: "", path: "", folders: new Map(), files: [] };
  for (const file of files) {
    const parts = file.path.split("/");
    parts.pop();
    let folder = root;
    for (const part of parts) {
      let next = folder.folders.get(part);
      if (next === undefined) {
        next = { name: part, path: `${folder.path}${part}/`, folders: new Map(), files: [] };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  return root;
}

/**
 * @param {Folder} folder
 * @param {(file: ListedFile, button: HTMLButtonElement) => void} onPick
 * @returns {HTMLUListElement}
 */
function listOf(folder, onPick) {
  const folders = [...folder.folders.values()].map((child) =>
    el(
      "li",
      { class: "folder" },
      el(
        "details",
        { open: true },
        el("summary", {}, el("span", { class: "name" }, `${child.name}/`)),
        listOf(child, onPick),
      ),
    ),
  );
  const files = folder.files.map((file) => {
    const name = file.path.slice(folder.path.length);
    const button = el(
      "button",
      { type: "button", class: "file", "data-path": file.path, "aria-current": "false" },
      el("span", { class: "name" }, name),
      file.executable ? el("span", { class: "badge exec" }, "executable") : null,
      file.binary === true ? el("span", { class: "badge" }, "binary") : null,
      el("span", { class: "size" }, file.size),
    );
    button.addEventListener("click", () => onPick(file, button));
    return el("li", {}, button);
  });
  return el("ul", {}, ...folders, ...files);
}

/**
 * Opens the skill `id`: its facts, its tree, and SKILL.md in the viewer.
 * @param {string} id
 */
export async function showSkill(id) {
  current = id;
  /** @type {import("./api.js").Answer<import("./api.js").SkillAnswer>} */
  const answer = await api("GET", `/api/skills/${encodeURIComponent(id)}`);
  if (current !== id) return;
  const detail = byId("detail");
  detail.hidden = false;
  const heading = byId("detail-title");
  heading.textContent = id;
  byId("detail-refusal").hidden = true;
  byId("detail-findings").hidden = true;
  byId("detail-warnings").hidden = true;
  byId("viewer-name").textContent = "";
  byId("viewer-text").textContent = "";
  if (!answer.ok) {
    byId("detail-facts").replaceChildren();
    byId("detail-files").replaceChildren();
    showRefusal(byId("detail-refusal"), answer.body);
    heading.focus();
    return;
  }
  const { skill, files, record, verify, signature, findings, warnings } = answer.body;
  showFindings(findings);
  showWarnings(warnings);
  const facts = [
    ["origin", skill.origin],
    // The server's own path means nothing to a browser and tells more than it
    // should: a skill's SKILL.md is `<id>/SKILL.md` in its root, named by kind.
    ["path", `${skill.id}/SKILL.md in the ${skill.origin} root`],
    ["digest", skill.digest],
    ["tree", skill.treeDigest],
    ["SKILL.md", skill.size],
    ["files", String(files.length)],
  ];
  if (record) facts.push(["installed", `${record.installedAt} by ${record.tool}`]);
  if (verify) {
    facts.push([
      "status",
      verify.status === "changed"
        ? `changed since import: ${verify.files.map((f) => `${f.path} (${f.change})`).join(", ")}`
        : verify.status === "unchanged"
          ? "unchanged since import"
          : "no record",
    ]);
  }
  byId("detail-facts").replaceChildren(
    ...facts.flatMap(([name, value]) => [el("dt", {}, name), el("dd", {}, value)]),
    el("dt", {}, "signature"),
    el("dd", {}, signatureBadge(signature)),
  );
  const tree = listOf(treeOf(files), (file, button) => void view(id, file, button));
  byId("detail-files").replaceChildren(tree);
  heading.focus();
  detail.scrollIntoView({ block: "start" });
  const first = files.find((file) => file.path === "SKILL.md") ?? files[0];
  const button = tree.querySelector(`button[data-path="${CSS.escape(first?.path ?? "")}"]`);
  if (first && button instanceof HTMLButtonElement) await view(id, first, button);
}

/**
 * The skill's findings, one item each: its code, where, and the sentence.
 * @param {import("@skillshelf/bundle-reader").Finding[]} findings
 */
function showFindings(findings) {
  const box = byId("detail-findings");
  box.hidden = findings.length === 0;
  const count = findings.length;
  byId("detail-findings-title").textContent =
    `${count} finding${count === 1 ? "" : "s"} in this skill's files, reported, not refused:`;
  byId("detail-findings-list").replaceChildren(...findingItems(findings));
}

/**
 * The Agent Skills specification's warnings for its SKILL.md, one item each.
 * @param {import("@skillshelf/bundle-reader").Warning[]} warnings
 */
function showWarnings(warnings) {
  const box = byId("detail-warnings");
  box.hidden = warnings.length === 0;
  const count = warnings.length;
  byId("detail-warnings-title").textContent =
    `${count} warning${count === 1 ? "" : "s"} from the Agent Skills specification for its SKILL.md:`;
  byId("detail-warnings-list").replaceChildren(...warningItems(warnings));
}

/**
 * Who vouched for the skill's tree: a badge naming the signer and key, or why not.
 * @param {import("@skillshelf/shelf").SignatureStatus} signature
 * @returns {HTMLElement}
 */
function signatureBadge(signature) {
  switch (signature.status) {
    case "signed":
      return el(
        "span",
        { class: "badge signed", title: `${signature.fingerprint} (${signature.algorithm})` },
        `signed by ${signature.principal}`,
      );
    case "unsigned":
      return el("span", { class: "empty" }, "unsigned");
    case "untrusted":
      return el(
        "span",
        { class: "badge untrusted", title: signature.refusal.detail ?? "" },
        `signed by an untrusted key ${signature.fingerprint}`,
      );
    default:
      return el("span", { class: "badge bad-signature" }, "SKILL.sig does not prove this tree");
  }
}

/**
 * Streams one file into the viewer.
 * @param {string} id
 * @param {ListedFile} file
 * @param {HTMLButtonElement} button
 */
async function view(id, file, button) {
  viewing?.abort();
  const controller = new AbortController();
  viewing = controller;
  for (const other of byId("detail-files").querySelectorAll("button.file")) {
    other.setAttribute("aria-current", String(other === button));
  }
  byId("viewer-name").textContent = `${file.path} (${file.size})`;
  const text = byId("viewer-text");
  text.textContent = "";
  if (file.binary === true) {
    text.textContent = "This file is not text, so it is not shown here.";
    return;
  }
  try {
    const response = await fetch(fileAddress(id, file.path), {
      headers: apiHeaders(),
      cache: "no-store",
      signal: controller.signal,
    });
    if (!response.ok || response.body === null) {
      const body = await response.json().catch(() => unreachable());
      showRefusal(byId("detail-refusal"), body, `'${file.path}' could not be shown.`);
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done || controller.signal.aborted) break;
      text.append(value);
    }
  } catch {
    // Aborted by a newer pick, or the connection dropped: the next pick starts afresh.
  }
}
