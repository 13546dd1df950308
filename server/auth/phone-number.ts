// Phone numbers from the register form → E.164. The form sends the chosen calling code and the
// digits typed ('+421 0901 234 567'): the calling code is kept, non-digits are stripped, leading
// zeros of the national part removed, and the result is validated for that calling code. Only
// the calling codes of PHONE_COUNTRIES are accepted; a number without '+' is read under the
// form's default (+420), as API clients sent it before the calling code was part of the field.
import { parsePhoneNumberWithError, validatePhoneNumberLength, type PhoneNumber } from 'libphonenumber-js/max';
import { PHONE_COUNTRIES } from '../../src/api/contract/auth.js';
import { phoneInvalid, phoneInvalidFormat } from '../http/errors.js';

/** The offered calling codes as digits; none is a prefix of another, so a prefix match is exact. */
const CALLING_CODES = [...new Set(PHONE_COUNTRIES.map((entry) => entry.calling_code.slice(1)))];
const DEFAULT_CALLING_CODE = PHONE_COUNTRIES[0].calling_code.slice(1);

/** The number in E.164, or 400 phone_invalid_format (cannot be a number) / phone_invalid. */
export function normalizePhone(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  const international = typed.trim().startsWith('+');
  const callingCode = international ? CALLING_CODES.find((code) => digits.startsWith(code)) : DEFAULT_CALLING_CODE;
  if (international && digits.length === 0) throw phoneInvalidFormat();
  if (callingCode === undefined) throw phoneInvalid('Phone numbers with this calling code are not accepted');
  const national = (international ? digits.slice(callingCode.length) : digits).replace(/^0+/, '');
  // Someone who typed the calling code again (+420 601 ..., 00420 ...) means the same number.
  const withoutCode = stripCallingCode(national, callingCode);
  if (national.length < 4 || national.length > 15 || validatePhoneNumberLength(`+${callingCode}${national}`)) {
    const parsed = withoutCode ? validNumber(callingCode, withoutCode) : undefined;
    if (parsed) return parsed.number;
    throw phoneInvalidFormat();
  }
  const parsed =
    validNumber(callingCode, national) ?? (withoutCode ? validNumber(callingCode, withoutCode) : undefined);
  if (!parsed) throw phoneInvalid(`Not a valid phone number for +${callingCode}`);
  return parsed.number;
}

function stripCallingCode(national: string, callingCode: string): string | undefined {
  return national.startsWith(callingCode) && national.length > callingCode.length + 3
    ? national.slice(callingCode.length).replace(/^0+/, '')
    : undefined;
}

function validNumber(callingCode: string, national: string): PhoneNumber | undefined {
  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(`+${callingCode}${national}`);
  } catch {
    return undefined;
  }
  return parsed.isValid() && parsed.countryCallingCode === callingCode ? parsed : undefined;
}
