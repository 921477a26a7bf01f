// A skill file as the reader hands it out: its bytes, and a text that is
// decoded from them the first time it is read and then kept. The destination
// writes the bytes and the surfaces count them, so for most files no string
// is ever made. A class, so the getter lives once on its prototype rather
// than on each of ten thousand objects.
import { decodeText } from "@skillshelf/contract";
import type { SkillFile } from "./types.js";

class ProvenTextFile implements SkillFile {
  #text: string | undefined;

  constructor(
    public path: string,
    public bytes: Uint8Array,
    public executable: boolean,
  ) {}

  get text(): string {
    this.#text ??= decodeText(this.bytes);
    return this.#text;
  }
}

/**
 * A SkillFile over `bytes`, its text decoded on first use. It does not judge
 * the bytes: the reader calls it only for bytes it proved to be UTF-8, and a
 * caller building files of its own has them judged by `judgeSkillFiles`
 * (install does) before trusting them.
 */
export function skillFileOf(path: string, bytes: Uint8Array, executable: boolean): SkillFile {
  return new ProvenTextFile(path, bytes, executable);
}
