// How deep a frontmatter block nests, weighed token by token before the YAML
// parser is handed each token (DepthGauge; nestsDeeperThan runs it over a
// whole block), so that a deep flow sequence (a million `[`) or a line of
// compact `- - - -` never reaches the composer's recursion. The block is read
// as the YAML library's own lexer tokenizes it: one flat pass with a counter
// and a stack of indentation columns, so its cost is linear in the bytes, and it sees
// exactly the quoting and comments the parser will (a hand-written scan of
// YAML's quoting rules could be fooled into hiding brackets inside what it
// took for a string). Depth counts open brackets plus block levels: each
// line's indentation and each `-`, `?` or `:` indicator on it open a level
// more indented than the last, and a line less indented closes them. A
// mapping thus counts two levels for each one it nests (its key's column and
// its value's), so the bound allows real nesting of about half its value.
import { Lexer } from "yaml";

/** Tokens the lexer emits as markers, not as characters of the source. */
const MARKERS = new Set(["\u0002", "\u0018", "\u001f"]);
const SCALAR = "\u001f";
const OPENERS = new Set(["[", "{"]);
const CLOSERS = new Set(["]", "}"]);
/** Block indicators that may open a collection on the same line: `- - x`, `? ? x`, `: : x`. */
const INDICATORS = new Set(["-", "?", ":"]);

/**
 * Whether `block` nests deeper than `max` levels, stopping at the first token
 * that does. `onToken` hears of every token read (a count of the scan's work).
 */
export function nestsDeeperThan(block: string, max: number, onToken?: () => void): boolean {
  const gauge = new DepthGauge(max);
  for (const token of new Lexer().lex(block)) {
    onToken?.();
    if (gauge.passes(token)) return true;
  }
  return false;
}

/**
 * The depth so far of a block read token by token as the YAML library's
 * lexer yields them, so a caller that hands each token on to the parser can
 * stop before the parser is given the first one past the bound.
 */
export class DepthGauge {
  readonly #max: number;
  readonly #levels: number[] = [];
  #flow = 0;
  #column = 0;
  #lineStart = true;
  #content = false;

  constructor(max: number) {
    this.#max = max;
  }

  /** Takes the next token; true once the block nests deeper than the bound. */
  passes(token: string): boolean {
    const levels = this.#levels;
    if (MARKERS.has(token)) {
      this.#content = token === SCALAR;
      return false;
    }
    const isContent = this.#content;
    this.#content = false;
    const at = this.#column;
    const newline = token.lastIndexOf("\n");
    this.#column = newline === -1 ? at + token.length : token.length - newline - 1;
    const blank = !isContent && (token.trim() === "" || token.startsWith("#"));
    if (this.#flow === 0 && this.#lineStart && !blank) {
      const indent = at + (isContent ? token.length - token.trimStart().length : 0);
      while (levels.length > 0 && levels[levels.length - 1]! >= indent) levels.pop();
      levels.push(indent);
    }
    if (!blank || newline !== -1) this.#lineStart = newline !== -1 && newline === token.length - 1;
    if (isContent) return levels.length + this.#flow > this.#max;
    if (OPENERS.has(token)) this.#flow++;
    else if (CLOSERS.has(token)) this.#flow = Math.max(0, this.#flow - 1);
    else if (this.#flow === 0 && INDICATORS.has(token) && at + 1 > (levels.at(-1) ?? -1)) {
      levels.push(at + 1);
    }
    return levels.length + this.#flow > this.#max;
  }
}
