import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import EditProfilePage from "./EditProfilePage";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth } from "../../testing";

function renderEdit() {
  return renderScreen("/auth/edit-profile", [{ path: "/auth/edit-profile", element: <EditProfilePage /> }]);
}

function form(name: string) {
  return within(screen.getByRole("form", { name }));
}

beforeEach(() => {
  resetAuth();
  logIn(aUser({ name: "Old Name" }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the edit-profile screen", () => {
  it("loads the profile with the bearer token and shows the e-mail read-only", async () => {
    const calls = mockApi({ "GET /auth/users/me/": json(200, aUser()) });
    renderEdit();
    const details = await screen.findByRole("form", { name: "Personal details" });
    expect((within(details).getByLabelText("Full name") as HTMLInputElement).value).toBe("Asha Rao");
    const email = within(details).getByLabelText("E-mail address") as HTMLInputElement;
    expect(email.value).toBe("asha@example.com");
    expect(email.readOnly).toBe(true);
    expect(callsTo(calls, "GET", "/auth/users/me/")[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    // The stored user follows the server's.
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").name).toBe("Asha Rao");
  });

  it("saves tidy values and updates the stored user", async () => {
    const calls = mockApi({
      "GET /auth/users/me/": json(200, aUser()),
      "PATCH /auth/users/me/": (call) => json(200, aUser({ ...(call.body as object) })),
    });
    renderEdit();
    await screen.findByRole("form", { name: "Personal details" });
    fireEvent.change(form("Personal details").getByLabelText("Full name"), { target: { value: " Asha  R. " } });
    fireEvent.change(form("Personal details").getByLabelText("Contact number"), { target: { value: "+44 20 7946 0958" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Your profile has been updated.")).toBeTruthy();
    expect(callsTo(calls, "PATCH", "/auth/users/me/")[0]?.body).toEqual({ name: "Asha R.", contact_number: "+442079460958", time_zone: "UTC" });
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").name).toBe("Asha R.");
  });

  it("shows the server's field errors under the fields", async () => {
    mockApi({
      "GET /auth/users/me/": json(200, aUser()),
      "PATCH /auth/users/me/": json(400, { contact_number: ["This number is already in use."] }),
    });
    renderEdit();
    await screen.findByRole("form", { name: "Personal details" });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("This number is already in use.")).toBeTruthy();
    expect(form("Personal details").getByRole("alert").textContent).toBe("Please fix the errors above.");
  });

  it("changes the password after the domain's checks", async () => {
    const calls = mockApi({
      "GET /auth/users/me/": json(200, aUser()),
      "POST /auth/users/set_password/": (call) =>
        (call.body as { current_password: string }).current_password === "Right#123"
          ? json(204)
          : json(400, { current_password: ["Invalid password."] }),
    });
    renderEdit();
    const password = await screen.findByRole("form", { name: "Change password" });
    const f = within(password);
    fireEvent.change(f.getByLabelText("New password"), { target: { value: "weak" } });
    fireEvent.change(f.getByLabelText("Confirm new password"), { target: { value: "weak" } });
    fireEvent.click(f.getByRole("button", { name: "Update Password" }));
    expect(f.getByText("Please enter your current password.")).toBeTruthy();
    expect(f.getByText("Please use a stronger password.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/auth/users/set_password/")).toHaveLength(0);

    fireEvent.change(f.getByLabelText("Current password"), { target: { value: "Wrong#123" } });
    fireEvent.change(f.getByLabelText("New password"), { target: { value: "Newer#456" } });
    fireEvent.change(f.getByLabelText("Confirm new password"), { target: { value: "Newer#456" } });
    fireEvent.click(f.getByRole("button", { name: "Update Password" }));
    expect(await f.findByText("Invalid password.")).toBeTruthy();
    expect(f.getByRole("alert").textContent).toBe("Please fix the errors above.");

    fireEvent.change(f.getByLabelText("Current password"), { target: { value: "Right#123" } });
    fireEvent.click(f.getByRole("button", { name: "Update Password" }));
    expect(await f.findByText("Your password has been changed. Other devices have been signed out.")).toBeTruthy();
    await waitFor(() => expect((f.getByLabelText("Current password") as HTMLInputElement).value).toBe(""));
    expect(callsTo(calls, "POST", "/auth/users/set_password/")[1]?.body).toEqual({
      current_password: "Right#123",
      new_password: "Newer#456",
      re_new_password: "Newer#456",
    });
  });

  it("refuses a common or 7-character new password under its field", async () => {
    const calls = mockApi({ "GET /auth/users/me/": json(200, aUser()) });
    renderEdit();
    const f = within(await screen.findByRole("form", { name: "Change password" }));
    fireEvent.change(f.getByLabelText("Current password"), { target: { value: "Right#123" } });
    fireEvent.change(f.getByLabelText("New password"), { target: { value: "Welcome1" } });
    fireEvent.change(f.getByLabelText("Confirm new password"), { target: { value: "Welcome1" } });
    expect(f.getByTestId("strength-label").textContent).toBe("strong");
    fireEvent.click(f.getByRole("button", { name: "Update Password" }));
    expect(f.getByText("This password is one of the most common. Please choose one that is harder to guess.")).toBeTruthy();
    expect(f.getByLabelText("New password").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(f.getByLabelText("New password"), { target: { value: "Ab1!xyz" } });
    fireEvent.change(f.getByLabelText("Confirm new password"), { target: { value: "Ab1!xyz" } });
    fireEvent.click(f.getByRole("button", { name: "Update Password" }));
    expect(f.getByText("Please use at least 8 characters.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/auth/users/set_password/")).toHaveLength(0);
  });

  it("offers a Google account without a password to add one instead of changing it", async () => {
    mockApi({ "GET /auth/users/me/": json(200, aUser({ is_google_user: true })) });
    renderEdit();
    await screen.findByRole("form", { name: "Personal details" });
    expect(screen.queryByRole("form", { name: "Change password" })).toBeNull();
    expect(screen.getByRole("region", { name: "Add a password" })).toBeTruthy();
    expect(screen.getByText(/You sign in with Google/)).toBeTruthy();
  });

  it("offers to try again when the profile cannot be loaded", async () => {
    mockApi({ "GET /auth/users/me/": json(500, {}) });
    renderEdit();
    expect(await screen.findByText("We couldn’t load your profile. Please try again.")).toBeTruthy();
    mockApi({ "GET /auth/users/me/": json(200, aUser()) });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("form", { name: "Personal details" })).toBeTruthy();
  });
});
