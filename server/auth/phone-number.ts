// Phone numbers as typed in the register form → E.164: non-digits stripped, leading zeros
// removed, the chosen country's calling code prefixed, then validated for that country.
import { parsePhoneNumberWithError, validatePhoneNumberLength, type PhoneNumber } from 'libphonenumber-js/max';
import { PHONE_COUNTRIES, type PhoneCountry } from '../../src/api/contract/auth.js';
import { ApiError } from '../http/api-error.js';

const callingCodeOf = (country: string | undefined) =>
  PHONE_COUNTRIES.find((entry) => entry.country === country)?.calling_code;

/** The number in E.164, or 400 phone_invalid_format (cannot be a number) / phone_invalid. */
export function normalizePhone(typed: string, country: PhoneCountry = 'CZ'): string {
  const callingCode = callingCodeOf(country)!;
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  if (
    digits.length < 4 ||
    digits.length > 15 ||
    validatePhoneNumberLength(callingCode + digits, country) !== undefined
  ) {
    // Someone who typed the calling code too (+420 601 ..., 00420 ...) means the same number.
    const withoutCode = stripCallingCode(digits, callingCode);
    const parsed = withoutCode ? validIn(callingCode + withoutCode, country) : undefined;
    if (parsed) return parsed.number;
    throw new ApiError(400, 'phone_invalid_format', 'The phone number has too few or too many digits', {
      field: 'phone',
    });
  }
  const parsed =
    validIn(callingCode + digits, country) ??
    validIn(callingCode + (stripCallingCode(digits, callingCode) ?? ''), country);
  if (!parsed) throw new ApiError(400, 'phone_invalid', `Not a valid phone number in ${country}`, { field: 'phone' });
  return parsed.number;
}

function stripCallingCode(digits: string, callingCode: string): string | undefined {
  const code = callingCode.slice(1);
  return digits.startsWith(code) && digits.length > code.length + 3
    ? digits.slice(code.length).replace(/^0+/, '')
    : undefined;
}

function validIn(candidate: string, country: PhoneCountry): PhoneNumber | undefined {
  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(candidate, country);
  } catch {
    return undefined;
  }
  if (!parsed.isValid()) return undefined;
  // +1 is shared by the US and Canada: a Canadian number chosen under US (or back) is fine.
  const sameCountry = parsed.country === country || callingCodeOf(parsed.country) === callingCodeOf(country);
  return sameCountry ? parsed : undefined;
}
