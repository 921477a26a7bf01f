// Every conformance case, grouped by what it exercises.
import type { Case } from "../types.js";
import { acceptanceCases } from "./acceptance.js";
import { archiveCases } from "./archives.js";
import { choiceCases, selectionCases } from "./choices.js";
import { entryCases } from "./entries.js";
import { findingCases } from "./findings.js";
import { limitCases } from "./limits.js";
import { pathCases } from "./paths.js";
import { peerCases } from "./peers.js";
import { setAsideCases } from "./set-aside.js";
import { zipCases } from "./zip.js";

export const cases: readonly Case[] = [
  ...acceptanceCases,
  ...setAsideCases,
  ...pathCases,
  ...entryCases,
  ...archiveCases,
  ...peerCases,
  ...limitCases,
  ...choiceCases,
  ...zipCases,
  ...selectionCases,
  ...findingCases,
];
