import { apiWriteMatrix } from "../testing/api-write-matrix.ts";
import { listingWrites } from "../testing/api-writes/listing-writes.ts";

apiWriteMatrix("deal, data-room and listing writes", listingWrites);
