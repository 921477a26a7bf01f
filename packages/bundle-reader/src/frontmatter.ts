// Agent Skills frontmatter, read in one place for every package: a SKILL.md
// that opens with a `---` line (after an optional UTF-8 BOM) carries a YAML
// block up to the next `---` line. It is parsed with a real YAML library
// under the failsafe schema, so every scalar stays the string it was written
// as (`name: 007` is the id "007", never the number 7). A block of plain
// `key: value` lines, whose meaning is certain, skips the library (see
// plain-fields.ts). Only the block's lines are cut out of the text, never the
// whole body, so a long SKILL.md costs no more than its opening.
//
// The block is bounded before it is parsed, so what a hostile SKILL.md can
// cost is linear in its bytes (frontmatter-bounds.ts): only its first bytes
// are looked at, its nesting is measured on each token before the parser
// takes it, and the library runs without its quadratic checks (each key
// compared with every earlier one, each diagnostic quoting its source line)
// and without logging: keys are counted and compared here with a Set, and
// diagnostics are read from the document, never sent to process.emitWarning
// (nor given stack traces, which are most of what a diagnostic costs).
//
// The block is parsed once, by parseFrontmatter: readFrontmatter reads its
// fields from the parse, and the findings (findings/frontmatter-findings.ts)
// read how it is written (tags, anchors, repeated keys) from the same parse,
// so nothing parses a frontmatter outside these bounds. The lexer's tokens go
// to the depth gauge before the parser, so the parser never takes the token
// that passes the depth bound, and the parse runs in steps (parseSteps) so a
// reader may give the event loop turns within one costly block.
import { formatCount } from "@skillshelf/contract";
import {
  Composer,
  type CST,
  type Document,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Lexer,
  Parser,
} from "yaml";
import { FRONTMATTER_WINDOW, readFrontmatterBlock } from "./frontmatter-block.js";
import {
  type FrontmatterBound,
  MAX_BUNDLE_FRONTMATTER_BYTES,
  MAX_FRONTMATTER_BYTES,
  MAX_FRONTMATTER_DEPTH,
  MAX_FRONTMATTER_KEYS,
} from "./frontmatter-bounds.js";
import { DepthGauge } from "./frontmatter-depth.js";
import { readPlainFields } from "./plain-fields.js";

export type Frontmatter =
  | { kind: "absent" }
  | { kind: "present"; fields: Record<string, unknown> }
  | { kind: "invalid"; reason: string; bound?: FrontmatterBound; limit?: number };

/**
 * A frontmatter block as parsed within the bounds: none (with the first line,
 * which another parser may read as an opener), one that cannot be read or is
 * past a bound, plain `key: value` lines read without the library, or the
 * library's tokens and documents (the first is the one whose fields count).
 */
export type ParsedFrontmatter =
  | { kind: "absent"; opener: string }
  | (Frontmatter & { kind: "invalid" })
  | { kind: "plain"; lines: readonly string[]; fields: Record<string, string> }
  | {
      kind: "yaml";
      source: string;
      tokens: readonly CST.Token[];
      documents: readonly Document.Parsed[];
      /** The first key a mapping of the first document repeats, by its value as this reader reads it. */
      repeated: string | undefined;
    };

export type FrontmatterOptions = {
  /** Hears how much work a read did, in units each linear in the block's bytes. */
  onWork?: (units: number) => void;
  /** What is left of a bundle's frontmatter bytes for the YAML library: a block it parses takes its bytes from it, and a larger block is refused. */
  budget?: { bytes: number };
};

function beyond(
  bound: FrontmatterBound,
  limit: number,
  words: string,
): Frontmatter & { kind: "invalid" } {
  return { kind: "invalid", reason: `its frontmatter ${words}`, bound, limit };
}

/** Reads the frontmatter block that opens a SKILL.md text, if its first line opens one. */
export function readFrontmatter(text: string, options: FrontmatterOptions = {}): Frontmatter {
  return frontmatterFieldsOf(parseFrontmatter(text, options));
}

/** Parses the frontmatter block that opens a SKILL.md text within the bounds, or says which it passed. */
export function parseFrontmatter(
  text: string,
  options: FrontmatterOptions = {},
): ParsedFrontmatter {
  return runSteps(parseSteps(text, options));
}

/**
 * Work done in steps: a generator that yields where the event loop may have
 * a turn, and returns its answer. Run at once (runSteps), or with a turn
 * asked for at each step (runStepsInTurns): a block's lexing and parsing is
 * most of its cost, and a server reading the costliest block answers its
 * other requests between the steps.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to the end at once. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** Runs `steps`, awaiting `pause`'s promise between steps whenever it gives one. */
export async function runStepsInTurns<T>(
  steps: Steps<T>,
  pause: () => Promise<void> | undefined,
): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    const turn = pause();
    if (turn !== undefined) await turn;
  }
}

/** How many lexemes are read between the steps of a parse (a few milliseconds' work). */
const LEXEMES_PER_STEP = 2_048;

/** parseFrontmatter, in steps. */
export function* parseSteps(
  text: string,
  options: FrontmatterOptions = {},
): Steps<ParsedFrontmatter> {
  const work = options.onWork ?? ((): void => {});
  const found = readFrontmatterBlock(text);
  work(Math.min(text.length, FRONTMATTER_WINDOW));
  if (found.kind === "absent") return found;
  if (found.kind === "unclosed") {
    if (found.truncated) {
      return beyond(
        "bytes",
        MAX_FRONTMATTER_BYTES,
        `is not closed within ${formatCount(MAX_FRONTMATTER_BYTES)} bytes, the most a frontmatter block may hold`,
      );
    }
    return { kind: "invalid", reason: "its frontmatter opens with '---' but is never closed" };
  }
  const blockLines = found.lines;
  const block = blockLines.join("\n");
  const bytes = Buffer.byteLength(block, "utf8");
  if (bytes > MAX_FRONTMATTER_BYTES) {
    return beyond(
      "bytes",
      MAX_FRONTMATTER_BYTES,
      `holds ${formatCount(bytes)} bytes; a frontmatter block may hold at most ${formatCount(MAX_FRONTMATTER_BYTES)}`,
    );
  }
  const plain = readPlainFields(blockLines);
  if (plain !== undefined) {
    const keys = Object.keys(plain).length;
    work(keys);
    if (keys > MAX_FRONTMATTER_KEYS) return tooManyKeys();
    return { kind: "plain", lines: blockLines, fields: plain };
  }
  const budget = options.budget;
  if (budget !== undefined) {
    if (bytes > budget.bytes) {
      return beyond(
        "bundle-bytes",
        MAX_BUNDLE_FRONTMATTER_BYTES,
        `takes the bundle's frontmatter parsed as YAML past ${formatCount(MAX_BUNDLE_FRONTMATTER_BYTES)} bytes, the most one bundle may hold over all its skills`,
      );
    }
    budget.bytes -= bytes;
  }
  return yield* parseBlock(block, work);
}

function tooManyKeys(): Frontmatter & { kind: "invalid" } {
  return beyond(
    "keys",
    MAX_FRONTMATTER_KEYS,
    `holds more than ${formatCount(MAX_FRONTMATTER_KEYS)} keys, the most a frontmatter block may hold`,
  );
}

/** The library's tokens and documents for a block within the byte bound, unless it nests past the depth bound. */
function* parseBlock(block: string, work: (units: number) => void): Steps<ParsedFrontmatter> {
  const tokens: CST.Token[] = [];
  let documents: Document.Parsed[];
  // The library makes an Error for each problem it finds, and capturing a
  // stack is most of what an error costs: a block built of errors (a
  // thousand commas in a row) parses four times faster without them, and
  // only the messages are read here. The setting is put back before each
  // step ends, so no other code ever runs with it.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const gauge = new DepthGauge(MAX_FRONTMATTER_DEPTH);
    const parser = new Parser();
    let lexemes = 0;
    for (const lexeme of new Lexer().lex(block)) {
      work(1);
      if (++lexemes % LEXEMES_PER_STEP === 0) {
        Error.stackTraceLimit = stackTraceLimit;
        yield;
        Error.stackTraceLimit = 0;
      }
      if (gauge.passes(lexeme)) {
        return beyond(
          "depth",
          MAX_FRONTMATTER_DEPTH,
          `nests deeper than ${MAX_FRONTMATTER_DEPTH} levels of indentation or brackets`,
        );
      }
      for (const token of parser.next(lexeme)) tokens.push(token);
    }
    for (const token of parser.end()) tokens.push(token);
    // As parseDocument composes them, but every document kept: the first is read, the rest are findings.
    const composer = new Composer({
      schema: "failsafe",
      uniqueKeys: false,
      logLevel: "silent",
    });
    documents = [...composer.compose(tokens, true, block.length)];
  } catch (error) {
    // Nothing within the bounds is known to throw; if something does, it is unreadable, never an exception.
    return notYaml(error instanceof Error ? error.message : String(error));
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const doc = documents[0]!;
  for (const problem of doc.errors) work(problem.message.length);
  for (const problem of doc.warnings) work(problem.message.length);
  const keys = checkKeys(doc, work);
  if (keys.kind === "too-many") return tooManyKeys();
  return { kind: "yaml", source: block, tokens, documents, repeated: keys.repeated };
}

/** What a parsed block means: its fields, or why it has none. */
export function frontmatterFieldsOf(parsed: ParsedFrontmatter): Frontmatter {
  switch (parsed.kind) {
    case "absent":
      return { kind: "absent" };
    case "invalid":
      return parsed;
    case "plain":
      return { kind: "present", fields: parsed.fields };
    case "yaml":
      return fieldsOfDocument(parsed.documents[0]!, parsed.repeated);
  }
}

function fieldsOfDocument(doc: Document.Parsed, repeated: string | undefined): Frontmatter {
  const error = doc.errors[0];
  if (error !== undefined) return notYaml(error.message);
  if (repeated !== undefined) {
    const key = repeated.length > 64 ? `${repeated.slice(0, 64)}...` : repeated;
    return notYaml(`Map keys must be unique; '${key}' is repeated`);
  }
  let value: unknown;
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return notYaml(error instanceof Error ? error.message : String(error));
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  if (value === null || value === undefined) return { kind: "present", fields: {} };
  if (typeof value !== "object" || Array.isArray(value)) {
    return { kind: "invalid", reason: "its frontmatter is not a mapping of fields" };
  }
  return { kind: "present", fields: value as Record<string, unknown> };
}

function notYaml(message: string): Frontmatter & { kind: "invalid" } {
  const first = message.split("\n")[0];
  return { kind: "invalid", reason: `its frontmatter is not valid YAML (${first})` };
}

/** Past the key bound, or the first key a mapping repeats. A result of its own kind, so no key can pass for the signal. */
type KeyCheck = { kind: "too-many" } | { kind: "counted"; repeated: string | undefined };

/**
 * Counts the keys of every mapping in `doc` (an explicit stack, no
 * recursion), stopping past the bound; else finds the first key a mapping
 * repeats (scalar keys compared by value, as the library's own check does).
 */
function checkKeys(doc: Document.Parsed, work: (units: number) => void): KeyCheck {
  const pending: unknown[] = [doc.contents];
  let keys = 0;
  let repeated: string | undefined;
  while (pending.length > 0) {
    const node = pending.pop();
    work(1);
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        keys++;
        if (keys > MAX_FRONTMATTER_KEYS) return { kind: "too-many" };
        if (isScalar(pair.key)) {
          if (seen.has(pair.key.value)) repeated ??= String(pair.key.value);
          seen.add(pair.key.value);
        }
        pending.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(item);
    } else if (isPair(node)) {
      keys++;
      if (keys > MAX_FRONTMATTER_KEYS) return { kind: "too-many" };
      pending.push(node.key, node.value);
    }
    // An alias or a scalar holds no key; an alias's node was counted where it was anchored.
  }
  return { kind: "counted", repeated };
}
