// `accept=`: the finding codes an operator accepts for one import or one
// approval, repeated as `skill=` is. Both routes parse it with this schema,
// so a code the reader does not have is a `bad-query` on either.
import { type FindingCode, findingCodes } from "@skillshelf/bundle-reader";
import { MAX_ENTRIES } from "@skillshelf/contract";
import { z } from "zod";

/** One code, or a repeated parameter's list, as a list (a single one arrives as a string). */
export const acceptParam: z.ZodType<FindingCode[] | undefined> = z
  .union([z.enum(findingCodes), z.array(z.enum(findingCodes)).max(MAX_ENTRIES)])
  .optional()
  .transform((value) => (value === undefined || Array.isArray(value) ? value : [value]));
