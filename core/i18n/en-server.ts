/**
 * What the server says to shoppers about accounts, addresses and orders (SPEC §4, §5, §8), and the
 * validation sentences of core/schemas/account.schema.ts that both sides show. Spread into `en` in
 * en.ts. The prefixes (`auth.`, `field.`, `session.`, `limit.`, `profile.`, `addresses.`; the mails are in en-mail.ts) are
 * this file's own, so no key here shadows one of the screens' catalog.
 *
 * Texts SPEC quotes exactly: `auth.unverified*` contain 'verify your email before logging in' (the login
 * screen opens the code step on it), `auth.google.phoneRequired` is 'Phone number required for signup.'
 * (it opens the phone prompt) and `field.otpEmailOnly` is SPEC §5's sentence.
 */
export const enServer = {
  "field.body": "The request body must be a JSON object.",
  "field.nameRequired": "Please enter your full name.",
  "field.nameTooLong": "Your name can be at most 100 characters.",
  "field.nameInvalid": "Your name contains a character that is not allowed.",
  "field.phoneRequired": "Please enter your phone number.",
  "field.phoneInvalid": "Please enter a valid UAE mobile number, such as 050 123 4567.",
  "field.emailRequired": "Please enter your email address.",
  "field.emailInvalid": "Please enter a valid email address.",
  "field.identifierRequired": "Please enter your email or phone number.",
  "field.identifierInvalid": "Please enter a valid email address or UAE mobile number.",
  "field.passwordRequired": "Please enter your password.",
  "field.passwordTooShort": "Password must be at least 8 characters.",
  "field.passwordTooLong": "Password can be at most 128 characters.",
  "field.currentPasswordRequired": "Please enter your current password.",
  "field.newPasswordRequired": "Please enter a new password.",
  "field.otpInvalid": "Please enter the 6-digit code.",
  "field.otpEmailOnly": "OTP verification is only available for email accounts.",
  "field.credentialRequired": "The Google sign-in answer is missing. Please try again.",
  "field.signupAllowed": "signupAllowed must be true or false.",
  "field.firstNameRequired": "Please enter a first name.",
  "field.firstNameTooLong": "The first name can be at most 60 characters.",
  "field.lastNameTooLong": "The last name can be at most 60 characters.",
  "field.addressRequired": "Please enter the street address.",
  "field.addressTooLong": "The street address can be at most 200 characters.",
  "field.landmarkTooLong": "The landmark can be at most 100 characters.",
  "field.cityRequired": "Please enter the city.",
  "field.cityTooLong": "The city can be at most 60 characters.",
  "field.stateInvalid":
    "Please choose an emirate: Abu Dhabi, Dubai, Sharjah, Ajman, Umm Al Quwain, Ras Al Khaimah or Fujairah.",
  "field.postcodeRequired": "Please enter the postcode.",
  "field.postcodeInvalid": "Please enter a valid postcode: up to 12 letters, digits, spaces or dashes.",
  "field.countryInvalid": "We deliver only within the UAE.",
  "field.addressMissing": "Please send the address to save.",
  "field.addressIndex": "Please choose one of your saved addresses.",

  "session.required": "Please log in to continue.",
  "session.invalid": "Your session has expired. Please log in again.",

  "limit.tooMany.one": "Too many attempts. Please wait a minute and try again.",
  "limit.tooMany.other": "Too many attempts. Please wait {count} minutes and try again.",

  "auth.registered": "Account created. We sent a 6-digit code to {email}: enter it to verify your email.",
  "auth.registeredNoEmail": "Account created. You can now sign in with your phone number and password.",
  "auth.emailTaken":
    "An account with this email already exists. Please sign in, or reset your password if you forgot it.",
  "auth.phoneTaken": "An account with this phone number already exists. Please sign in instead.",
  "auth.invalidCredentials": "Incorrect email, phone number or password.",
  "auth.unverified": "Please verify your email before logging in. We sent a 6-digit code to {email}.",
  "auth.unverifiedRecent":
    "Please verify your email before logging in. Enter the 6-digit code we sent to {email} a moment ago.",
  "auth.loggedIn": "Welcome back, {name}.",
  "auth.otpVerified": "Your email is verified. You can now sign in.",
  "auth.otpMissing": "Invalid or expired code. Please check the code or ask for a new one.",
  "auth.resetSent":
    "If an account exists for {email}, we have sent a 6-digit code to it. The code is valid for 10 minutes.",
  "auth.resetDone": "Your password has been reset. Please sign in with your new password.",
  "auth.passwordChanged": "Your password has been changed.",
  "auth.currentPasswordWrong": "Your current password is incorrect.",
  "auth.samePassword": "Your new password must be different from your current password.",
  "auth.noPasswordYet":
    "Your account signs in with Google and has no password yet. Use Forgot Password to set one.",

  "auth.google.notConfigured": "Google sign-in is not configured for this shop.",
  "auth.google.unavailable": "Google sign-in is unavailable right now. Please try again later.",
  "auth.google.invalid": "We could not verify your Google sign-in. Please try again.",
  "auth.google.emailUnverified": "Your Google account's email is not verified, so it cannot be used here.",
  "auth.google.phoneRequired": "Phone number required for signup.",
  "auth.google.noAccount": "No account is linked to this Google account. Please sign up first.",
  "auth.google.otherGoogle": "This email is already linked to a different Google account.",
  "auth.google.signedIn": "Signed in with Google.",
  "auth.google.signedUp": "Your account has been created.",

  "profile.updated": "Your profile has been updated.",
  "profile.updatedVerify":
    "Your profile has been updated. We sent a 6-digit code to {email}: you will be asked for it the next time you sign in.",
  "profile.emailTaken": "This email is already used by another account.",
  "profile.phoneTaken": "This phone number is already used by another account.",

  "addresses.saved": "Address added.",
  "addresses.updated": "Address updated.",
  "addresses.removed": "Address removed.",
  "addresses.primarySet": "Primary address updated.",
  "addresses.notFound": "That address is no longer in your list. Please refresh and try again.",
  "addresses.limit": "You can save up to {max} addresses. Please remove one first.",
} as const;
