// The server's entry. The start settings come first and may restart the process with them; only then is
// the server loaded. (A static import would have Node load and compile every module of the server
// before the settings' restart threw that work away: 1.7 s of CPU on each start.)
import "./start-settings.ts";

await import("./server.ts");
