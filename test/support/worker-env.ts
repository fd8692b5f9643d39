/**
 * Setup of every API test file. Vite sets BASE_URL to "/" (its base path) in the test
 * process, but the lib code these tests call in-process reads BASE_URL as the service's
 * own address (lib/config.ts) once it renders a URL: an engram's spawncodes link, a
 * document's resource_url. Alone, a test may never reach such a row; after the other
 * files have filled the shared database it does. The worker gets the test server's
 * address, as the server itself has.
 */
import { inject } from "vitest";

process.env.BASE_URL = inject("serverUrl");
