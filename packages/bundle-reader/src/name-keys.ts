// The two keys under which names collide. Two paths are the same file when
// they are equal, after NFC normalization, under Unicode full case folding
// (CaseFolding.txt statuses C and F: "STRAẞE.md" and "strasse.md") or under
// simple uppercase (UnicodeData.txt's uppercase field, what NTFS compares:
// "i.md" and "ı.md", both "I.MD"). Either relation alone lets through a pair
// the other catches, so both are kept. The tables are pinned to one Unicode
// version (case-tables.ts), so Node 20, 22 and 24 agree whatever their ICU
// knows. A key is made per path segment: "/" maps to itself under both
// relations and NFC never composes across it, so a path's key is its
// segments' keys joined.
import { FULL_FOLDING_MULTI, FULL_FOLDING_RUNS, SIMPLE_UPPERCASE_RUNS } from "./case-tables.js";

const ASCII = /^[\u0000-\u007f]*$/;

function tableOf(runs: string, multi = ""): Map<number, string> {
  const table = new Map<number, string>();
  for (const run of runs.split(";")) {
    const [start, count, step, delta] = run.split(",").map((n) => Number.parseInt(n, 36));
    for (let i = 0; i < count!; i++) {
      const from = start! + i * step!;
      table.set(from, String.fromCodePoint(from + delta!));
    }
  }
  if (multi !== "") {
    for (const entry of multi.split(";")) {
      const [from, ...to] = entry.split(",").map((n) => Number.parseInt(n, 36));
      table.set(from!, String.fromCodePoint(...to));
    }
  }
  return table;
}

const upperTable = tableOf(SIMPLE_UPPERCASE_RUNS);
const foldTable = tableOf(FULL_FOLDING_RUNS, FULL_FOLDING_MULTI);

function mapped(text: string, table: Map<number, string>): string {
  let out = "";
  for (const character of text) out += table.get(character.codePointAt(0)!) ?? character;
  return out;
}

/** A name's two collision keys: full case folding and simple uppercase, after NFC. */
export function nameKeys(name: string): { fold: string; upper: string } {
  if (ASCII.test(name)) return { fold: name.toLowerCase(), upper: name.toUpperCase() };
  const nfc = name.normalize("NFC");
  return { fold: mapped(nfc, foldTable), upper: mapped(nfc, upperTable) };
}
