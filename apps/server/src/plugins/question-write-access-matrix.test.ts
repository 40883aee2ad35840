import { apiWriteMatrix } from "../testing/api-write-matrix.ts";
import { questionWrites } from "../testing/api-writes/question-writes.ts";

apiWriteMatrix("data-room Q&A writes", questionWrites);
