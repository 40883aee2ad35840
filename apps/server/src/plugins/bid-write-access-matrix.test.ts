import { apiWriteMatrix } from "../testing/api-write-matrix.ts";
import { bidWrites } from "../testing/api-writes/bid-writes.ts";

apiWriteMatrix("data-room bid writes", bidWrites);
