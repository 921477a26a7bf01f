// What a SKILL.md's frontmatter asks of a host, and where YAML parsers would
// read it differently. Fields that grant tools without a prompt or run
// commands warn (`frontmatter-grants`); a `---js`, `---javascript` or
// `---coffee` opener refuses (`frontmatter-code`): gray-matter, which many
// hosts and registries read SKILL.md with, evaluates such a block as code.
// Duplicate keys refuse, since parsers disagree on which one wins, and
// anchors, aliases, merge keys, tags, a second document and non-string
// metadata values warn (`ambiguous-frontmatter`). The block is read into the
// yaml package's CST and Document with duplicate keys kept, and walked once;
// aliases are never expanded, so the cost is linear in the block.
import { Composer, isAlias, isMap, isPair, isScalar, type Node, Parser, visit } from "yaml";
import { readFrontmatterBlock } from "../frontmatter-block.js";
import { positionsIn } from "./positions.js";
import type { FindingCode, FindingSeverity } from "./types.js";

export type FrontmatterFinding = {
  code: FindingCode;
  severity: FindingSeverity;
  line: number;
  column: number;
  detail: string;
};

/** Openers gray-matter evaluates as code (its javascript engine, and coffee when installed). */
const CODE_ENGINES = new Set(["js", "javascript", "coffee", "coffeescript", "cson"]);
const OPENER = /^---[ \t]*([A-Za-z][\w-]*)[ \t]*$/;

/**
 * Fields hosts honour as grants. Claude Code's `allowed-tools` lets the
 * listed tools run without a permission prompt while the skill is active, and
 * its `hooks` run shell commands on the host's events. Fields that only
 * narrow or steer a host (`disable-model-invocation`, `user-invocable`,
 * `model`, `effort`, `context`, `agent`, `argument-hint`) grant nothing.
 */
const GRANTS: Record<string, string> = {
  "allowed-tools": "tools a host may run without asking",
  hooks: "commands a host runs on its events",
};

const SHOWN = 60;
const shorten = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return [...flat].length > SHOWN ? `${[...flat].slice(0, SHOWN).join("")}…` : flat;
};

/** Tags, anchors and aliases as written, from the CST (every token object that is one). */
function collectProps(
  token: unknown,
  found: { type: string; offset: number; source: string }[],
): void {
  if (Array.isArray(token)) {
    for (const item of token) collectProps(item, found);
    return;
  }
  if (typeof token !== "object" || token === null) return;
  const t = token as { type?: unknown; offset?: unknown; source?: unknown };
  if (
    (t.type === "tag" || t.type === "anchor" || t.type === "alias") &&
    typeof t.offset === "number"
  ) {
    found.push({ type: t.type, offset: t.offset, source: String(t.source) });
    return;
  }
  for (const value of Object.values(token))
    if (typeof value === "object") collectProps(value, found);
}

const keyText = (key: unknown): string | undefined =>
  isScalar(key) ? String(key.value) : undefined;

/** The findings of one SKILL.md's frontmatter. */
export function frontmatterFindingsOf(text: string): FrontmatterFinding[] {
  const block = readFrontmatterBlock(text);
  if (block.kind === "absent") return openerFindings(block.opener);
  if (block.kind === "unclosed") return [];
  const source = block.lines.join("\n");
  // Offsets come in a few increasing passes, so positions are found by walking on, linearly.
  const positionOf = positionsIn(source);
  const at = (offset: number) => {
    const { line, column } = positionOf(offset);
    return { line: line + 1, column };
  };
  const findings: FrontmatterFinding[] = [];
  const add = (
    code: FindingCode,
    severity: FindingSeverity,
    offset: number,
    detail: string,
  ): void => {
    findings.push({ code, severity, ...at(offset), detail });
  };
  const tokens = [...new Parser().parse(source)];
  const props: { type: string; offset: number; source: string }[] = [];
  collectProps(tokens, props);
  for (const prop of props) {
    const what = prop.type === "tag" ? "a tag" : prop.type === "anchor" ? "an anchor" : "an alias";
    add("ambiguous-frontmatter", "warn", prop.offset, `${what} '${shorten(prop.source)}'`);
  }
  const documents = [...new Composer({ uniqueKeys: false }).compose(tokens)];
  documents.slice(1).forEach((document) => {
    add("ambiguous-frontmatter", "warn", document.range[0], "a second YAML document");
  });
  const first = documents[0];
  if (first !== undefined) {
    visit(first, {
      Map(_, map) {
        const seen = new Set<string>();
        for (const pair of map.items) {
          const key = keyText(pair.key);
          const offset = (pair.key as Node | null)?.range?.[0] ?? map.range?.[0] ?? 0;
          if (key === undefined) {
            add("ambiguous-frontmatter", "warn", offset, "a key that is not a plain scalar");
            continue;
          }
          if (key === "<<") add("ambiguous-frontmatter", "warn", offset, "a merge key '<<'");
          if (seen.has(key))
            add("ambiguous-frontmatter", "refuse", offset, `the key '${shorten(key)}' twice`);
          seen.add(key);
        }
      },
    });
    if (isMap(first.contents)) topLevelFindings(first.contents.items, add);
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}

type Add = (code: FindingCode, severity: FindingSeverity, offset: number, detail: string) => void;

function topLevelFindings(items: readonly unknown[], add: Add): void {
  for (const pair of items) {
    if (!isPair(pair)) continue;
    const key = keyText(pair.key);
    const offset = (pair.key as Node | null)?.range?.[0] ?? 0;
    if (key !== undefined && Object.hasOwn(GRANTS, key)) {
      const value = pair.value as Node | null;
      const written = isScalar(value) ? `: ${shorten(String(value.value))}` : "";
      add("frontmatter-grants", "warn", offset, `'${key}' (${GRANTS[key]}${written})`);
    }
    if (key === "metadata" && isMap(pair.value)) {
      for (const entry of pair.value.items) {
        const value = entry.value as Node | null;
        const name = keyText(entry.key);
        // An alias and a merge key are reported as such already.
        if (isAlias(value) || name === "<<") continue;
        if (isScalar(value) && typeof value.value === "string") continue;
        const got = !isScalar(value)
          ? "a list or map"
          : value.value === null
            ? "null"
            : `a ${typeof value.value}`;
        add(
          "ambiguous-frontmatter",
          "warn",
          value?.range?.[0] ?? offset,
          `metadata '${shorten(name ?? "?")}' is ${got}, not a string`,
        );
      }
    }
  }
}

/** A first line that is no `---` fence but that gray-matter reads as a fence with a language. */
function openerFindings(opener: string): FrontmatterFinding[] {
  const match = OPENER.exec(opener);
  if (match === null) return [];
  const language = match[1]!.toLowerCase();
  if (CODE_ENGINES.has(language)) {
    return [
      {
        code: "frontmatter-code",
        severity: "refuse",
        line: 1,
        column: 1,
        detail: `'${opener.trim()}'`,
      },
    ];
  }
  return [
    {
      code: "ambiguous-frontmatter",
      severity: "warn",
      line: 1,
      column: 1,
      detail: `an opener '${opener.trim()}', which gray-matter reads as a ${language} block and this reader as no frontmatter`,
    },
  ];
}
