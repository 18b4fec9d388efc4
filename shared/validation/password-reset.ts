import * as v from "valibot";
import { emailField, newPasswordLength, passwordField, required } from "./accounts";

/** Password reset and change, shared by the server and the forms. The new password follows the sign-up rules. */

export const resetRoleField = v.picklist(["mentee", "mentor"], "Password reset is for mentees and mentors");

export const requestCodeSchema = v.object({ email: emailField });
export type RequestCodeInput = v.InferInput<typeof requestCodeSchema>;

const otpField = required(
  v.pipe(
    v.string("OTP is required"),
    v.trim(),
    v.nonEmpty("OTP is required"),
    v.regex(/^\d{6}$/, "The code is the 6 digits from the e-mail"),
  ),
);
const confirmField = required(v.pipe(v.string("Confirm Password is required"), v.nonEmpty("Confirm Password is required")));

const confirmMatches = <T extends { password: string; confirmPassword: string }>() =>
  v.forward<T, v.CheckIssue<T>, ["confirmPassword"]>(
    v.check((i) => i.password === i.confirmPassword, "Passwords must match"),
    ["confirmPassword"] as never,
  );

const resetFields = { email: emailField, otp: otpField, password: passwordField, confirmPassword: confirmField };
export const resetPasswordSchema = v.pipe(v.object(resetFields), confirmMatches(), newPasswordLength());
export type ResetPasswordInput = v.InferInput<typeof resetPasswordSchema>;
/** The server's input: the form's fields and the account type. */
export const resetPasswordRequestSchema = v.pipe(v.object({ role: resetRoleField, ...resetFields }), confirmMatches(), newPasswordLength());

export const changePasswordSchema = v.pipe(
  v.object({
    currentPassword: required(
      v.pipe(
        v.string("Current password is required"),
        v.nonEmpty("Current password is required"),
        v.maxLength(128, "Password must be at most 128 characters"),
      ),
    ),
    password: passwordField,
    confirmPassword: confirmField,
  }),
  confirmMatches(),
  newPasswordLength(),
);
export type ChangePasswordInput = v.InferInput<typeof changePasswordSchema>;
