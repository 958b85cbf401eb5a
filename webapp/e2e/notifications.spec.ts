/**
 * Issue 24's bell and notifications screen, as a learner sees them: a
 * booking made (through the API, as from another tab) shows on the bell
 * without a reload; the panel lists it and opens full screen on a phone;
 * `/dashboard/user?tab=notifications` lists everything and keeps the
 * person's e-mail choices, and pages through older ones ("Show older").
 * Screenshots at both widths, axe clean.
 */
import { expect, test, type Page } from "@playwright/test";
import { bookFreeSlot, collectErrors, createActiveAccount, seriousAxeViolations, uniqueEmail } from "./helpers";

const PASSWORD = "Notify#Bell-2026";

async function signIn(page: Page, email: string) {
  await page.goto("/auth/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  // Signed in: the sign-in page gives way and the bell is in the header.
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(page.getByRole("banner").getByTestId("notification-bell")).toBeVisible();
}

for (const width of [1280, 375]) {
  test(`the bell counts what happens live and its panel lists it (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const errors = collectErrors(page);
    const email = uniqueEmail(`bell-${width}`);
    await createActiveAccount(request, { name: "Bela Bell", email, password: PASSWORD });
    const login = await request.post("/api/login/", { data: { email, password: PASSWORD } });
    const { token } = (await login.json()) as { token: string };

    await signIn(page, email);
    await page.goto("/dashboard/user");
    const bell = page.getByRole("banner").getByTestId("notification-bell");
    await expect(bell).toHaveAccessibleName("Notifications");

    // Something happens elsewhere: the bell counts it, no reload.
    const booking = await bookFreeSlot(request, token);
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");

    await bell.click();
    const panel = page.getByRole("region", { name: "Notifications" });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("listitem")).toHaveCount(1);
    await expect(panel.getByRole("link", { name: /Unread/ })).toHaveAttribute("href", new RegExp(booking));
    if (width === 375) {
      // Full screen on a phone, with its own close button.
      const box = await panel.boundingBox();
      expect(box?.width).toBe(375);
      expect(box?.height).toBe(812);
      await expect(panel.getByRole("button", { name: "Close notifications" })).toBeVisible();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`bell-${width}.png`) });

    await panel.getByRole("button", { name: "Mark all as read" }).click();
    await expect(bell).toHaveAccessibleName("Notifications");
    expect(errors).toEqual([]);
  });
}

test("the notifications screen lists everything and keeps the e-mail choices", async ({ page, request }) => {
  const errors = collectErrors(page);
  const email = uniqueEmail("settings");
  await createActiveAccount(request, { name: "Sita Settings", email, password: PASSWORD });
  const login = await request.post("/api/login/", { data: { email, password: PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  await bookFreeSlot(request, token);

  await signIn(page, email);
  await page.goto("/dashboard/user?tab=notifications");
  const section = page.getByTestId("notifications-section");
  await expect(section.getByRole("listitem")).toHaveCount(1);
  const choice = page.getByRole("checkbox", { name: "A mentor declines your request" });
  await expect(choice).toBeChecked();
  await choice.uncheck();
  await expect(choice).not.toBeChecked();
  await expect(choice).toBeEnabled();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("notifications-1280.png"), fullPage: true });
  // Kept: read again after a reload.
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "A mentor declines your request" })).not.toBeChecked();
  const saved = await request.get("/api/notifications/preferences/", { headers: { Authorization: `Bearer ${token}` } });
  expect(((await saved.json()) as Record<string, { email: boolean }>)["booking_declined"]?.email).toBe(false);
  expect(errors).toEqual([]);
});

test("the notifications screen shows older ones on asking", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  const email = uniqueEmail("older");
  await createActiveAccount(request, { name: "Omar Older", email, password: PASSWORD });
  const login = await request.post("/api/login/", { data: { email, password: PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const count = async () => ((await (await request.get("/api/notifications/unread-count/", { headers: auth })).json()) as { count: number }).count;
  // Book and cancel until more than a page's worth (20) have come.
  for (let round = 0; round < 15 && (await count()) <= 24; round += 1) {
    const id = await bookFreeSlot(request, token);
    const cancelled = await request.post(`/api/bookings/${id}/cancel/`, { headers: auth, data: { reason: "Plans changed." } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  }
  const total = await count();
  expect(total).toBeGreaterThan(20);

  await signIn(page, email);
  await page.goto("/dashboard/user?tab=notifications");
  const section = page.getByTestId("notifications-section");
  await expect(section.getByRole("listitem")).toHaveCount(20);
  const older = section.getByRole("button", { name: "Show older" });
  await older.click();
  await expect(section.getByRole("listitem")).toHaveCount(total);
  await expect(older).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
