import { apiWriteMatrix } from "../testing/api-write-matrix.ts";
import { accountWrites } from "../testing/api-writes/account-writes.ts";

apiWriteMatrix("account writes", accountWrites);
