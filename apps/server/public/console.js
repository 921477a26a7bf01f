// The skillshelf console: lists the catalog, shows a skill's files as text,
// removes a managed skill after a confirmation, and imports a folder or an
// archive (picker or drag-and-drop) with upload progress. It holds no rule of
// its own: the server's answer (the installed skills, or a refusal and its
// sentence) is shown as given. Everything from the server is put on the page
// with textContent, never parsed as HTML. The token arrives in the URL
// fragment, moves to sessionStorage, and leaves the address bar at once.

const tokenKey = "skillshelf-token";
const $ = (id) => document.getElementById(id);

function takeToken() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const fromUrl = fragment.get("token");
  if (fromUrl) {
    sessionStorage.setItem(tokenKey, fromUrl);
    history.replaceState(null, "", window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(tokenKey);
}

const token = takeToken();

/** Builds an element; string children become text nodes, never markup. */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === undefined || child === null) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

function showNoToken() {
  sessionStorage.removeItem(tokenKey);
  $("no-token").hidden = false;
  for (const id of ["import", "catalog", "detail"]) $(id).hidden = true;
}

async function api(method, path) {
  const response = await fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    cache: "no-store",
  });
  if (response.status === 401) showNoToken();
  const body = await response.json().catch(() => ({}));
  return { status: response.status, body };
}

// ---- catalog ----

async function loadCatalog() {
  const { status, body } = await api("GET", "/api/skills");
  if (status !== 200) return;
  $("revision").textContent = `revision ${body.revision.slice(0, 12)}`;
  $("revision").title = body.revision;
  $("skill-count").textContent = `${body.skills.length} offered, ${body.refused.length} refused`;
  $("skills").replaceChildren(...body.skills.map(skillRow));
  $("no-skills").hidden = body.skills.length > 0;
  $("refused-block").hidden = body.refused.length === 0;
  $("refused").replaceChildren(
    ...body.refused.map((refused) =>
      el(
        "li",
        {},
        el("span", { class: "id" }, refused.id),
        el("span", { class: "code" }, refused.code),
        el("span", { class: "reason" }, refused.reason),
      ),
    ),
  );
}

function skillRow(skill) {
  const remove =
    skill.origin === "managed"
      ? el(
          "button",
          {
            type: "button",
            class: "quiet small",
            "data-remove": skill.id,
            onclick: () => confirmRemove(skill),
          },
          "Remove",
        )
      : null;
  return el(
    "tr",
    { "data-skill": skill.id },
    el(
      "td",
      {},
      el("button", { type: "button", class: "link", onclick: () => showSkill(skill.id) }, skill.id),
    ),
    el("td", {}, el("span", { class: `badge ${skill.origin}` }, skill.origin)),
    el("td", { class: "num" }, skill.size),
    el("td", { class: "digest", title: skill.digest }, skill.digest.slice(0, 12)),
    el("td", { class: "description" }, skill.description ?? ""),
    el("td", { class: "num" }, remove),
  );
}

// ---- one skill ----

async function showSkill(id) {
  const { status, body } = await api("GET", `/api/skills/${encodeURIComponent(id)}`);
  const detail = $("detail");
  detail.hidden = false;
  $("detail-title").textContent = id;
  $("detail-refusal").hidden = true;
  if (status !== 200) {
    $("detail-facts").replaceChildren();
    $("detail-files").replaceChildren();
    $("viewer-name").textContent = "";
    $("viewer-text").textContent = "";
    showRefusalIn($("detail-refusal"), body);
    return;
  }
  const { skill, files, filesRefusal } = body;
  const facts = [
    ["origin", skill.origin],
    ["path", skill.path],
    ["digest", skill.digest],
    ["size", skill.size],
  ];
  $("detail-facts").replaceChildren(
    ...facts.flatMap(([name, value]) => [el("dt", {}, name), el("dd", {}, value)]),
  );
  const buttons = files.map((file) =>
    el(
      "button",
      { type: "button", onclick: () => view(file, buttons) },
      el(
        "span",
        file.executable ? { title: "executable" } : {},
        `${file.path}${file.executable ? " *" : ""}`,
      ),
      el("span", { class: "size" }, file.size),
    ),
  );
  $("detail-files").replaceChildren(...buttons.map((button) => el("li", {}, button)));
  const first = files.find((file) => file.path === "SKILL.md") ?? files[0];
  if (first) await view(first, buttons, files.indexOf(first));
  if (filesRefusal) showRefusalIn($("detail-refusal"), filesRefusal);
  detail.scrollIntoView({ behavior: "smooth", block: "start" });

  async function view(file, all, index = files.indexOf(file)) {
    all.forEach((button, i) => {
      button.setAttribute("aria-current", String(i === index));
    });
    $("viewer-name").textContent = file.path;
    const path = file.path.split("/").map(encodeURIComponent).join("/");
    const response = await fetch(`/api/skills/${encodeURIComponent(id)}/files/${path}`, {
      headers: { authorization: `Bearer ${token}` },
      cache: "no-store",
    });
    $("viewer-text").textContent = response.ok ? await response.text() : "";
  }
}

$("confirm-cancel").addEventListener("click", () => $("confirm-remove").close("cancel"));
$("confirm-button").addEventListener("click", () => $("confirm-remove").close("remove"));

$("close-detail").addEventListener("click", () => {
  $("detail").hidden = true;
});

// ---- remove ----

function confirmRemove(skill) {
  const dialog = $("confirm-remove");
  $("confirm-text").textContent =
    `Remove the managed skill '${skill.id}'? Its folder is deleted from the store; this cannot be undone.`;
  dialog.returnValue = "";
  dialog.addEventListener(
    "close",
    async () => {
      if (dialog.returnValue !== "remove") return;
      const { status, body } = await api("DELETE", `/api/skills/${encodeURIComponent(skill.id)}`);
      if (status === 200) {
        showOutcome("success", el("p", {}, `Removed '${skill.id}'.`));
        if ($("detail-title").textContent === skill.id) $("detail").hidden = true;
      } else {
        showRefusalIn($("outcome"), body);
      }
      await loadCatalog();
    },
    { once: true },
  );
  dialog.showModal();
}

// ---- import ----

function showOutcome(kind, ...children) {
  const outcome = $("outcome");
  outcome.className = `outcome ${kind}`;
  outcome.replaceChildren(...children);
  outcome.hidden = false;
}

function showRefusalIn(node, body) {
  node.className = "outcome refusal";
  const code = body.refusal?.code ?? body.error ?? "error";
  const sentence = body.message ?? "The server could not answer; try again.";
  node.replaceChildren(el("p", {}, el("span", { class: "code" }, code), sentence));
  node.hidden = false;
}

function importUrl() {
  return $("replace").checked ? "/api/imports?replace=1" : "/api/imports";
}

/** Sends a body with upload progress; resolves with the status and JSON answer. */
function send(url, body, contentType) {
  const progress = $("progress");
  const bar = $("progress-bar");
  const text = $("progress-text");
  progress.hidden = false;
  bar.value = 0;
  text.textContent = "starting…";
  $("outcome").hidden = true;
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("authorization", `Bearer ${token}`);
    if (contentType) request.setRequestHeader("content-type", contentType);
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      bar.value = event.loaded / event.total;
      text.textContent = `${Math.floor((event.loaded / event.total) * 100)}% sent`;
    };
    request.upload.onload = () => {
      bar.value = 1;
      text.textContent = "uploaded, checking…";
    };
    request.onload = () => {
      let answer = {};
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = { message: `The server answered ${request.status} without a readable body.` };
      }
      progress.hidden = true;
      resolve({ status: request.status, body: answer });
    };
    request.onerror = () => {
      progress.hidden = true;
      resolve({
        status: 0,
        body: {
          error: "network",
          message: "The upload did not reach the server; check that it is running and retry.",
        },
      });
    };
    request.send(body);
  });
}

async function finishImport({ status, body }) {
  if (status === 401) showNoToken();
  if (status === 201 || status === 200) {
    const items = body.skills.map((skill) =>
      el(
        "li",
        {},
        el("strong", {}, skill.id),
        ` — ${skill.files.length} file${skill.files.length === 1 ? "" : "s"}${skill.replaced ? ", replaced" : ""}`,
      ),
    );
    const count = body.skills.length;
    showOutcome(
      "success",
      el("p", {}, `Imported ${count} skill${count === 1 ? "" : "s"}.`),
      el("ul", {}, ...items),
    );
  } else {
    showRefusalIn($("outcome"), body);
  }
  await loadCatalog();
}

/** Uploads files by client-relative path: a `path` field before each file part. */
async function importFiles(files) {
  const form = new FormData();
  for (const { path, file } of files) {
    form.append("path", path);
    form.append("file", file, path);
  }
  await finishImport(await send(importUrl(), form));
}

async function importArchive(file) {
  const separator = $("replace").checked ? "&" : "?";
  const url = `${importUrl()}${separator}name=${encodeURIComponent(file.name)}`;
  await finishImport(await send(url, file, "application/octet-stream"));
}

const isArchiveName = (name) => /\.(tar|tgz|tar\.gz)$/i.test(name);

$("pick-folder").addEventListener("click", () => $("folder-input").click());
$("pick-archive").addEventListener("click", () => $("archive-input").click());

$("folder-input").addEventListener("change", async (event) => {
  const input = event.target;
  const files = [...input.files].map((file) => ({
    path: file.webkitRelativePath || file.name,
    file,
  }));
  input.value = "";
  if (files.length > 0) await importFiles(files);
});

$("archive-input").addEventListener("change", async (event) => {
  const input = event.target;
  const file = input.files[0];
  input.value = "";
  if (file) await importArchive(file);
});

// ---- drag and drop ----

function readAllEntries(reader) {
  return new Promise((resolve, reject) => {
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

function fileOf(entry) {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Walks a dropped entry into files with paths relative to the drop (the folder's name first). */
async function walk(entry, into) {
  if (entry.isFile) {
    into.push({ path: entry.fullPath.replace(/^\//, ""), file: await fileOf(entry) });
  } else if (entry.isDirectory) {
    for (const child of await readAllEntries(entry.createReader())) await walk(child, into);
  }
}

const drop = $("drop");
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
  const entries = [...event.dataTransfer.items]
    .map((item) => (item.webkitGetAsEntry ? item.webkitGetAsEntry() : null))
    .filter((entry) => entry !== null);
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only?.isFile && isArchiveName(only.name)) {
    await importArchive(await fileOf(only));
    return;
  }
  if (entries.length === 0) {
    const file = event.dataTransfer.files[0];
    if (file && isArchiveName(file.name)) await importArchive(file);
    return;
  }
  const files = [];
  for (const entry of entries) await walk(entry, files);
  await importFiles(files);
});

// ---- start ----

if (token) {
  loadCatalog();
} else {
  showNoToken();
}
