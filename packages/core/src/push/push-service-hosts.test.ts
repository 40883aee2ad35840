import { describe, expect, it } from "vitest";
import { isPushServiceEndpoint, KNOWN_PUSH_SERVICE_HOSTS } from "./push-service-hosts.ts";

describe("isPushServiceEndpoint", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
    "https://web.push.apple.com/QGuQyavXutnMH",
    "https://FCM.googleapis.com/fcm/send/x",
  ])("accepts the browser vendors' push services: %s", (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, KNOWN_PUSH_SERVICE_HOSTS)).toBe(true);
  });

  it.each([
    "https://127.0.0.1:8443/send",
    "https://10.0.0.7/admin",
    "https://fcm.googleapis.com.attacker.test/x",
    "https://evilfcm.googleapis.com/x",
    "https://attacker.test/?fcm.googleapis.com",
    "not a url",
  ])("refuses anything else: %s", (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, KNOWN_PUSH_SERVICE_HOSTS)).toBe(false);
  });
});
