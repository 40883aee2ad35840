import { describe, expect, it } from "vitest";
import * as messages from "./messages.ts";

describe("messages", () => {
  it("has the screen texts of §2", () => {
    expect(messages.PAGE_MISSING).toBe("404: page missing");
    expect(messages.SEARCH_PLACEHOLDER).toBe("Search Assignments");
    expect(messages.ADMIN_LOGIN_MESSAGE).toBe("Please login to administer users and passwords.");
    expect(messages.FORGOT_PASSWORD_HEADING).toBe("Having trouble logging in?");
    expect(messages.FORGOT_PASSWORD_PROMPT).toBe("Enter your email address to get started.");
    expect(messages.KEY_ITEMS_TITLE).toBe("Four Decades Successfully Marketing Oil & Gas Properties");
    expect(messages.KEY_ITEM_CARDS.map((c) => c.href)).toEqual([
      "/pitchbooks/products-services",
      "/team",
      "/pitchbooks/tombstones",
      "/buyer/signup",
    ]);
    expect(messages.DIVESTMENT_SERVICES).toHaveLength(5);
    expect(messages.NON_CORE_ASSETS_CALL_TO_ACTION).toBe("Turn Non-Core Oil & Gas Assets Into Cash");
    expect(Object.values(messages.TOP_MENU)).toEqual([
      "Home",
      "Research",
      "Assignments",
      "Private VDR",
      "Services",
      "Pitchbooks",
      "Resources",
      "iBuy",
      "iSell",
      "Contact",
    ]);
    expect(Object.values(messages.USER_MENU)).toEqual([
      "Mgmt Dash",
      "Users",
      "Reorder Deals",
      "Download Deals",
      "Similar Deals",
      "Private VDR",
      "Buyer Profile",
      "Update Password",
      "Logout",
    ]);
  });

  it("has the validation texts of §5", () => {
    expect(messages.EMAIL_REQUIRED).toBe("Email is Required");
    expect(messages.PASSWORD_REQUIRED).toBe("Password is Required");
    expect(messages.PASSWORD_RULE).toBe(
      "Your password must contain at least 6 characters with no less than one number.",
    );
    expect(messages.PASSWORDS_DIFFERENT).toBe(
      "The confirmed password is different than the original password.",
    );
    expect(messages.PASSWORD_POPOVER_LENGTH).toBe("6 or more characters");
    expect(messages.PASSWORD_POPOVER_NUMBER).toBe("At least one number");
    expect(messages.EMAIL_ALREADY_REGISTERED).toBe("That email address already has an account!");
    expect(messages.FIRST_NAME_REQUIRED).toBe("Please enter your first name.");
    expect(messages.LAST_NAME_REQUIRED).toBe("Please enter your last name.");
    expect(messages.VALID_EMAIL_REQUIRED).toBe("Please enter a valid email address.");
    expect(messages.EMPTY_SEARCH).toBe("Please provide a valid search text.");
  });

  it("has the guard texts of §6", () => {
    expect(messages.LOGIN_TO_ACCESS).toBe("Login to access this page");
    expect(messages.NOT_AUTHORIZED).toBe("You are not authorized to access this page");
  });

  it("has the error catalogue of §8", () => {
    expect(messages.INCORRECT_PASSWORD).toBe("Incorrect password.");
    expect(messages.emailNotAssociated("AEA")).toBe("Email is not associated with AEA");
    expect(messages.EMAIL_VERIFICATION_REQUIRED_TITLE).toBe("Email Verification Required");
    expect(messages.EMAIL_VERIFICATION_REQUIRED).toBe(
      "Your email has not been verified. Would you like to resend the verification email?",
    );
    expect(messages.VERIFICATION_EMAIL_SENT_TITLE).toBe("Verification Email Sent");
    expect(messages.verificationEmailSent("a@b.co")).toBe(
      "An email has been sent to a@b.co. Please click the link in the email to login.",
    );
    expect(messages.SERVER_ERROR).toBe("There was a server error");
    expect(messages.EMAIL_DOES_NOT_EXIST).toBe("The email you entered does not exist. Please try again.");
    expect(messages.PASSWORD_UPDATE_FAILED).toBe("An error occurred when trying update your password");
    expect(messages.PASSWORD_UPDATED).toBe(
      "An email has been sent with confirmation of your password change.",
    );
    expect(messages.NO_COVER_IMAGE).toBe("No Cover Image Uploaded");
    expect(messages.CONTACT_FAILED).toBe("An error has occurred, please try again.");
    expect(messages.CONTACT_SENT).toBe("Your email has been sent successfully.");
    expect(messages.SELLER_INQUIRY_SENT).toBe(
      "Your email has been sent successfully. An agent will contact you shortly.",
    );
    expect(messages.SELLER_INQUIRY_FAILED).toBe("An unexpected error has occurred. Please try again later.");
    expect(messages.OLD_BROWSER).toBe(
      "This site is best viewed in Chrome, Firefox, or Microsoft Edge. Your browser may be unsupported and out of date.",
    );
  });

  it("prefixes page titles with the product name and a bar", () => {
    expect(messages.pageTitle("AEA", "Team")).toBe("AEA | Team");
    expect(messages.pageTitle("AEA")).toBe("AEA");
  });
});
