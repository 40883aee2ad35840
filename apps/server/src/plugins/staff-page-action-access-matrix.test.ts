import { pageActionMatrix } from "../testing/page-action-matrix.ts";
import { staffActions } from "../testing/page-actions/staff-actions.ts";
import { requireFreshWebBuild } from "../testing/web-build.ts";

requireFreshWebBuild();

pageActionMatrix("staff page actions", staffActions);
