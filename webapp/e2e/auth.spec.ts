import { expect, test, type Page } from "@playwright/test";
import { collectErrors, createActiveAccount, expectedSlug, fetchApiMentors, outboxLink, seriousAxeViolations, uniqueEmail } from "./helpers";

const PASSWORD = "Mentor#2026";
const LOGIN_FAILED = "Login failed. Please check your credentials and try again.";

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

function header(page: Page) {
  return page.getByRole("banner");
}

test.describe("an account from registration to logout", () => {
  test("register, activate from the e-mail, log in, land on the remembered page, log out", async ({ page, request }) => {
    const errors = collectErrors(page);
    const email = uniqueEmail("register");

    // A guest asking for a protected page is sent to login; the page is remembered.
    await page.goto("/my-bookings?tab=upcoming");
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("redirectPath"))).toBe("/my-bookings?tab=upcoming");

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await page.getByLabel("Full name").fill("Asha E2E");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await expect(page.getByTestId("strength-label")).toHaveText("very strong");
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/auth\/email-confirmation$/);
    await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
    await expect(page.getByTestId("confirmation-message")).toContainText(email);

    // Signing in before activation fails.
    await page.goto("/auth/login");
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toHaveText(LOGIN_FAILED);

    // The test moves the page's clock past the redirect delay instead of waiting it out.
    await page.clock.install();
    await page.goto(await outboxLink(request, email, "/activate/"));
    await page.getByRole("button", { name: "Verify Account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account verified" })).toHaveText(
      "Account verified successfully! Redirecting to login...",
    );
    await page.clock.runFor(3_000);
    await expect(page).toHaveURL(/\/auth\/login$/);

    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/my-bookings\?tab=upcoming$/);
    expect(await page.evaluate(() => localStorage.getItem("redirectPath"))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    await expect(header(page).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/dashboard/user");
    await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);

    // A logged-in user is sent away from the guest-only screens.
    await page.goto("/auth/register");
    await expect(page).toHaveURL(/\/$/);

    await header(page).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
    const stored = await page.evaluate(() => ["token", "refreshToken", "user", "redirectPath"].map((k) => localStorage.getItem(k)));
    expect(stored).toEqual([null, null, null, null]);

    // The first attempt before activation is a 401 the browser logs; nothing else.
    expect(errors.filter((e) => !e.includes("status of 401"))).toEqual([]);
  });

  test("a second activation of the same link fails with the spec's message", async ({ page, request }) => {
    const email = uniqueEmail("reactivate");
    await request.post("/auth/users/", { data: { name: "Ravi E2E", email, password: PASSWORD, re_password: PASSWORD } });
    const link = await outboxLink(request, email, "/activate/");
    await page.clock.install();
    await page.goto(link);
    await page.getByRole("button", { name: "Verify Account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account verified" })).toBeVisible();
    await page.clock.runFor(3_000);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto(link);
    await page.getByRole("button", { name: "Verify Account" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Activation failed. Account already verified try login or invalid link. Please try again or contact support.",
    );
    await expect(page.getByRole("link", { name: "resend the verification e-mail" })).toHaveAttribute("href", "/auth/resend-verification");
  });
});

test.describe("forgotten password", () => {
  test("reset link from the e-mail, new password, log in with it; the old one fails", async ({ page, request }) => {
    const errors = collectErrors(page);
    const email = uniqueEmail("reset");
    await createActiveAccount(request, { name: "Meera E2E", email, password: PASSWORD });
    const newPassword = "Fresh#Start42";

    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    // The address changes at once, but the login form (with its own
    // "E-mail address" field) stays on screen until the new screen's code
    // has loaded: wait for the new screen before typing.
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page).toHaveURL(/\/auth\/email-confirmation$/);
    await expect(page.getByTestId("confirmation-message")).toHaveText("Password reset email sent successfully. Check your inbox!");

    await page.clock.install();
    await page.goto(await outboxLink(request, email, "/password/reset/confirm/"));
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill("Fresh#Start4");
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Password Reset Successful!" })).toBeVisible();
    await page.clock.runFor(3_000);
    await expect(page).toHaveURL(/\/auth\/login$/);

    await signIn(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toHaveText(LOGIN_FAILED);
    await signIn(page, email, newPassword);
    // Without a remembered path, a learner lands on their dashboard.
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();

    expect(errors.filter((e) => !e.includes("status of 401"))).toEqual([]);
  });

  test("an unknown address is told it is not registered", async ({ page }) => {
    await page.goto("/auth/forgot-password");
    await page.getByLabel("E-mail address").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("This email is not registered. Please check and try again.")).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
  });

  test("a Google-created account gets the Google dialog, which traps focus and closes on Escape", async ({ page }) => {
    // Stands in for the server's answer about a Google-created account, which
    // these tests cannot create without Google.
    await page.route("**/api/accounts/check-user-auth-type/", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ exists: true, is_google_user: true }) }),
    );
    let resetRequested = false;
    page.on("request", (r) => {
      if (r.url().includes("/auth/users/reset_password/")) resetRequested = true;
    });
    await page.goto("/auth/forgot-password");
    const field = page.getByLabel("E-mail address");
    await field.fill("someone@gmail.com");
    await page.getByRole("button", { name: "Send Reset Link" }).click();

    const dialog = page.getByRole("dialog", { name: "Google Account Detected!" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Go to Login" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Try Again" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Go to Login" })).toBeFocused();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(field).toBeFocused();
    expect(resetRequested).toBe(false);

    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await dialog.getByRole("button", { name: "Go to Login" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test.describe("Google sign-in without a client id", () => {
  test("shows no Google button and never loads Google's script", async ({ page }) => {
    const google: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("accounts.google.com")) google.push(r.url());
    });
    const config = page.waitForResponse((r) => r.url().endsWith("/api/config/"));
    await page.goto("/auth/login");
    expect(await (await config).json()).toMatchObject({ google_client_id: null });
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    await page.goto("/auth/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("google-signin")).toHaveCount(0);
    expect(google).toEqual([]);
  });
});

test.describe("the profile", () => {
  test("edit the name and change the password", async ({ page, request }) => {
    const errors = collectErrors(page);
    const email = uniqueEmail("profile");
    await createActiveAccount(request, { name: "Kiran E2E", email, password: PASSWORD });
    await page.goto("/auth/edit-profile");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/auth\/edit-profile$/);

    const details = page.getByRole("form", { name: "Personal details" });
    await expect(details.getByLabel("E-mail address")).toHaveValue(email);
    await details.getByLabel("Full name").fill("Kiran Mehta");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(details.getByRole("status")).toHaveText("Your profile has been updated.");

    const password = page.getByRole("form", { name: "Change password" });
    await password.getByLabel("Current password", { exact: true }).fill(PASSWORD);
    await password.getByLabel("New password", { exact: true }).fill("Another#Pass9");
    await password.getByLabel("Confirm new password").fill("Another#Pass9");
    await password.getByRole("button", { name: "Update Password" }).click();
    await expect(password.getByRole("status")).toContainText("Your password has been changed.");

    // This session stays valid after the change.
    await page.reload();
    await expect(page.getByRole("form", { name: "Personal details" }).getByLabel("Full name")).toHaveValue("Kiran Mehta");
    expect(errors).toEqual([]);
  });
});

test.describe("dashboards for one role", () => {
  test("the demo learner is sent to login from the admin dashboard, then shown it is not for them", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/dashboard/admin");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, "learner@demo.mentorbridge.in", "Learner#2026");

    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "You don’t have access to this page" })).toBeVisible();
    await expect(page.getByTestId("not-allowed-reason")).toHaveText(
      "This page is for administrator accounts only. You’re signed in as Demo Learner with a learner account.",
    );
    await expect(page).toHaveTitle("Access Denied · MentorBridge");
    await expect(page.getByRole("heading", { name: "Admin dashboard" })).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your dashboard" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("accessibility of the account screens (axe-core)", () => {
  const guestScreens: [string, string][] = [
    ["/auth/login", "Welcome back"],
    ["/auth/register", "Create your account"],
    ["/auth/forgot-password", "Forgot your password?"],
    ["/auth/resend-verification", "Resend verification e-mail"],
    ["/auth/email-confirmation", "Confirmation"],
    ["/activate/MQ/not-a-token", "Activate your account"],
    ["/password/reset/confirm/MQ/not-a-token", "Choose a new password"],
  ];
  for (const [path, heading] of guestScreens) {
    test(`no serious or critical violations on ${path}`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // And with the form's errors showing.
      const submit = page.locator("main form button[type=submit]");
      if ((await submit.count()) === 1) {
        await submit.click();
        await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
        expect(await seriousAxeViolations(page)).toEqual([]);
      }
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
    });
  }

  test("no serious or critical violations on the logged-in account screens", async ({ page, request }) => {
    const errors = collectErrors(page);
    const email = uniqueEmail("axe");
    await createActiveAccount(request, { name: "Axe E2E", email, password: PASSWORD });
    await page.goto("/auth/login");
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/user$/);

    await page.goto("/auth/edit-profile");
    await expect(page.getByRole("form", { name: "Personal details" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto("/complete-profile");
    await expect(page.getByRole("heading", { level: 1, name: "Complete your profile" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe("the common-password list (issue 10, finding 2)", () => {
  test("is fetched by the register page only, never by the home page", async ({ page }) => {
    // The built wasm modules are all named domain_bg-<hash>.wasm: the
    // passwords one is the module whose bytes hold the list.
    const { readFileSync, readdirSync } = await import("node:fs");
    const assets = new URL("../dist/assets/", import.meta.url);
    const modules = readdirSync(assets).filter((f) => f.endsWith(".wasm"));
    const passwords = modules.filter((f) => readFileSync(new URL(f, assets)).includes("\n1qaz2wsx3edc\n"));
    // home, on-demand, passwords, dashboards (the IANA zones), mentoring
    // and the learner's (issue 22).
    expect(modules).toHaveLength(6);
    const zones = modules.filter((f) => readFileSync(new URL(f, assets)).includes("America/Argentina/ComodRivadavia"));
    expect(zones).toHaveLength(1);
    expect(passwords).toHaveLength(1);
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".wasm")) fetched.push(r.url().slice(r.url().lastIndexOf("/") + 1));
    });

    // The home page fetches its own module and, below the fold and when idle, the on-demand one.
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => new Set(fetched).size).toBe(2);
    await page.waitForLoadState("networkidle");
    expect(fetched).not.toContain(passwords[0]);
    expect(fetched).not.toContain(zones[0]);

    await page.goto("/auth/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("Password1");
    await expect(page.getByTestId("strength-label")).toHaveText("strong");
    expect(fetched).toContain(passwords[0]);
  });

  test("a mentor's page, a learner's screen, loads one wasm module: the learner's, without the zones or the list (issue 22)", async ({ page, request }) => {
    const { readFileSync } = await import("node:fs");
    const assets = new URL("../dist/assets/", import.meta.url);
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".wasm")) fetched.push(r.url().slice(r.url().lastIndexOf("/") + 1));
    });
    const [mentor] = await fetchApiMentors(request);
    expect(mentor, "a mentor in the catalogue").toBeDefined();
    await page.goto(`/mentors/${mentor?.id}-${expectedSlug(mentor?.name ?? "")}`);
    await expect(page.getByRole("heading", { level: 1, name: mentor?.name })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-rules", "learner");
    // The on-demand module would be prefetched once the intro is gone.
    await page.locator("#intro").waitFor({ state: "detached" });
    await page.waitForLoadState("networkidle");
    expect(new Set(fetched).size).toBe(1);
    const bytes = readFileSync(new URL(fetched[0] ?? "none", assets));
    expect(bytes.includes("America/Argentina/ComodRivadavia")).toBe(false);
    expect(bytes.includes("\n1qaz2wsx3edc\n")).toBe(false);
  });
});
