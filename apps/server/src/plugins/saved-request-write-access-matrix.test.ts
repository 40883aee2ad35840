import { apiWriteMatrix } from "../testing/api-write-matrix.ts";
import { savedRequestWrites } from "../testing/api-writes/saved-request-writes.ts";

apiWriteMatrix("saved-request writes", savedRequestWrites);
