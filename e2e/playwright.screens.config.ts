import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// Takes the README's and the reviewers' screenshots (npx playwright test -c playwright.screens.config.ts).
export default defineConfig({ ...base, testDir: "./screens" });
