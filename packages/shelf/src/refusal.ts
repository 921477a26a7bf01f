// The refusal every operation of a shelf answers with: one type of the one
// table, whatever step refused (the reader, the catalog, the store).
import type { DestinationRefusal, Refusal } from "@skillshelf/bundle-reader";

export type ShelfRefusal = Refusal | DestinationRefusal;
