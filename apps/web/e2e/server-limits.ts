/**
 * The per-address limit of the auth doors (AUTH_RATE_LIMIT_PER_MINUTE) on the servers the e2e tests
 * start: every test shares 127.0.0.1, so the production default of 10 a minute would make the suite
 * queue for its logins. The limit itself is tested in the API tests.
 */
export const E2E_AUTH_LIMIT_PER_MINUTE = 120;
