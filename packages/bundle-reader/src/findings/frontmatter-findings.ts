// What a SKILL.md's frontmatter asks of a host, and where YAML parsers would
// read it differently. Fields that grant tools without a prompt or run
// commands warn (`frontmatter-grants`); a `---js`, `---javascript` or
// `---coffee` opener refuses (`frontmatter-code`): gray-matter, which many
// hosts and registries read SKILL.md with, evaluates such a block as code.
// Duplicate keys refuse, since parsers disagree on which one wins, and
// anchors, aliases, merge keys, tags, a second document and non-string
// metadata values warn (`ambiguous-frontmatter`). The block is the reader's
// own parse (parseFrontmatter, under the frontmatter bounds): its tokens and
// documents are walked once each with an explicit stack, aliases are never
// expanded, and positions are found in one pass over the block after the
// findings are put in order, so the cost is linear in the block. A block
// past a bound draws no finding here: the reader refuses it.
//
// Keys and metadata values are judged as YAML 1.2's core schema reads them
// (`1.0` a number, `~` and `null` the same key), as most hosts read them,
// though this reader keeps every scalar as the string written.
import {
  type CST,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Node,
  type ParseOptions,
  type Scalar,
  type ScalarTag,
  Schema,
} from "yaml";
import type { ParsedFrontmatter } from "../frontmatter.js";
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

/** The plain scalars' tags of YAML 1.2's core schema, in the order the library tries them. */
const CORE_TAGS = new Schema({ schema: "core" }).tags.filter(
  (tag): tag is ScalarTag => tag.default === true && "test" in tag && tag.test !== undefined,
);
const CORE_OPTIONS: ParseOptions = { intAsBigInt: false };

/** A scalar's value as a host reading the core schema takes it. */
function coreValueOf(scalar: Scalar): unknown {
  if (scalar.type !== "PLAIN" || scalar.tag !== undefined) return scalar.value;
  const written = scalar.source ?? String(scalar.value);
  const tag = CORE_TAGS.find((candidate) => candidate.test!.test(written));
  if (tag === undefined) return written;
  // A tag may answer a node (a float keeps how many digits it was written with), as the library's composer allows.
  const read = tag.resolve(written, () => {}, CORE_OPTIONS);
  return isScalar(read) ? read.value : read;
}

const keyText = (key: unknown): string | undefined =>
  isScalar(key) ? String(coreValueOf(key)) : undefined;

type Prop = { type: string; offset: number; source: string };

/** Tags, anchors and aliases as written, from the CST (every token object that is one), with an explicit stack. */
function propsOf(tokens: readonly CST.Token[], work: (units: number) => void): Prop[] {
  const found: Prop[] = [];
  const pending: unknown[] = [...tokens].reverse();
  while (pending.length > 0) {
    const token = pending.pop();
    work(1);
    if (typeof token !== "object" || token === null) continue;
    if (Array.isArray(token)) {
      for (let i = token.length - 1; i >= 0; i--) pending.push(token[i]);
      continue;
    }
    const t = token as { type?: unknown; offset?: unknown; source?: unknown };
    if (
      (t.type === "tag" || t.type === "anchor" || t.type === "alias") &&
      typeof t.offset === "number"
    ) {
      found.push({ type: t.type, offset: t.offset, source: String(t.source) });
      continue;
    }
    const values = Object.values(token);
    for (let i = values.length - 1; i >= 0; i--) {
      if (typeof values[i] === "object") pending.push(values[i]);
    }
  }
  return found;
}

type Located = { code: FindingCode; severity: FindingSeverity; offset: number; detail: string };
type Add = (code: FindingCode, severity: FindingSeverity, offset: number, detail: string) => void;

/** The findings of a SKILL.md's frontmatter, as parseFrontmatter read it. `onWork` hears of the walk's work. */
export function frontmatterFindingsOf(
  parsed: ParsedFrontmatter,
  onWork?: (units: number) => void,
): FrontmatterFinding[] {
  const work = onWork ?? ((): void => {});
  if (parsed.kind === "absent") return openerFindings(parsed.opener);
  if (parsed.kind === "invalid") return [];
  const found: Located[] = [];
  const add: Add = (code, severity, offset, detail) => {
    found.push({ code, severity, offset, detail });
  };
  let source: string;
  if (parsed.kind === "plain") {
    source = parsed.lines.join("\n");
    plainFindings(parsed.lines, add);
  } else {
    source = parsed.source;
    yamlFindings(parsed, add, work);
  }
  // In order of offset (a stable sort keeps the order found among equals), so positions are one pass.
  found.sort((a, b) => a.offset - b.offset);
  const positionOf = positionsIn(source);
  work(source.length);
  return found.map(({ offset, ...rest }) => {
    const { line, column } = positionOf(offset);
    return { ...rest, line: line + 1, column };
  });
}

/** Plain `key: value` lines hold no tag, anchor, repeated key or map: only a grant can be found. */
function plainFindings(lines: readonly string[], add: Add): void {
  let offset = 0;
  for (const line of lines) {
    const colon = line.indexOf(": ");
    const key = line.slice(0, colon);
    if (Object.hasOwn(GRANTS, key)) {
      const written = `: ${shorten(line.slice(colon + 2))}`;
      add("frontmatter-grants", "warn", offset, `'${key}' (${GRANTS[key]}${written})`);
    }
    offset += line.length + 1;
  }
}

function yamlFindings(
  parsed: ParsedFrontmatter & { kind: "yaml" },
  add: Add,
  work: (units: number) => void,
): void {
  for (const prop of propsOf(parsed.tokens, work)) {
    const what = prop.type === "tag" ? "a tag" : prop.type === "anchor" ? "an anchor" : "an alias";
    add("ambiguous-frontmatter", "warn", prop.offset, `${what} '${shorten(prop.source)}'`);
  }
  for (const document of parsed.documents.slice(1)) {
    add("ambiguous-frontmatter", "warn", document.range[0], "a second YAML document");
  }
  const first = parsed.documents[0];
  if (first === undefined) return;
  mapFindings(first.contents, add, work);
  if (isMap(first.contents)) topLevelFindings(first.contents.items, add);
}

/** Keys that are not plain scalars, merge keys and repeated keys, in every mapping (an explicit stack). */
function mapFindings(contents: unknown, add: Add, work: (units: number) => void): void {
  const pending: unknown[] = [contents];
  while (pending.length > 0) {
    const node = pending.pop();
    work(1);
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        const key = keyText(pair.key);
        const offset = (pair.key as Node | null)?.range?.[0] ?? node.range?.[0] ?? 0;
        pending.push(pair.key, pair.value);
        if (key === undefined) {
          add("ambiguous-frontmatter", "warn", offset, "a key that is not a plain scalar");
          continue;
        }
        if (key === "<<") add("ambiguous-frontmatter", "warn", offset, "a merge key '<<'");
        if (seen.has(key))
          add("ambiguous-frontmatter", "refuse", offset, `the key '${shorten(key)}' twice`);
        seen.add(key);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(item);
    } else if (isPair(node)) {
      pending.push(node.key, node.value);
    }
  }
}

function topLevelFindings(items: readonly unknown[], add: Add): void {
  for (const pair of items) {
    if (!isPair(pair)) continue;
    const key = keyText(pair.key);
    const offset = (pair.key as Node | null)?.range?.[0] ?? 0;
    if (key !== undefined && Object.hasOwn(GRANTS, key)) {
      const value = pair.value as Node | null;
      const written = isScalar(value) ? `: ${shorten(String(coreValueOf(value)))}` : "";
      add("frontmatter-grants", "warn", offset, `'${key}' (${GRANTS[key]}${written})`);
    }
    if (key === "metadata" && isMap(pair.value)) {
      for (const entry of pair.value.items) {
        const value = entry.value as Node | null;
        const name = keyText(entry.key);
        // An alias and a merge key are reported as such already.
        if (isAlias(value) || name === "<<") continue;
        const read = isScalar(value) ? coreValueOf(value) : undefined;
        if (isScalar(value) && typeof read === "string") continue;
        const got = !isScalar(value)
          ? "a list or map"
          : read === null
            ? "null"
            : `a ${typeof read}`;
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
