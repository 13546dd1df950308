// Prompt redaction: many cases per kind, and legal texts that must come through untouched.
import { describe, expect, it } from 'vitest';
import { onlyPlaceholders, redactPrompt, type RedactionKind } from './redact-prompt';

function expectRedacted(input: string, expected: string, kind: RedactionKind, count = 1) {
  const result = redactPrompt(input);
  expect(result.text).toBe(expected);
  expect(result.byKind[kind]).toBe(count);
  expect(result.redactions).toBe(count);
}

describe('redactPrompt', () => {
  it.each([
    ['write to jana.novakova@example.cz please', 'write to [EMAIL] please'],
    ['<petr+lex@mail.co.uk>', '<[EMAIL]>'],
    ['kontakt: žofie.dvořáková@seznam.cz.', 'kontakt: [EMAIL].'],
    ['ADMIN@EXAMPLE.ORG', '[EMAIL]'],
    ['a_b-c.d%e@sub-domain.example.museum, ok', '[EMAIL], ok'],
  ])('emails: %s', (input, expected) => expectRedacted(input, expected, 'email'));

  it.each([
    ['volejte +420 603 123 456 prosím', 'volejte [PHONE] prosím'],
    ['+420603123456', '[PHONE]'],
    ['tel. 603 123 456', 'tel. [PHONE]'],
    ['call 603-123-4567 now', 'call [PHONE] now'],
    ['+1 (555) 123-4567', '[PHONE]'],
    ['(555) 123-4567', '[PHONE]'],
    ['0049 30 12345678', '[PHONE]'],
    ['+44 20.7946.0958', '[PHONE]'],
  ])('phones: %s', (input, expected) => expectRedacted(input, expected, 'phone'));

  it.each([
    ['id 550e8400-e29b-41d4-a716-446655440000 here', 'id [UUID] here'],
    ['/documents/0A1B2C3D-4E5F-5a6b-8c7d-9e0f1a2b3c4d-ustava', '/documents/[UUID]-ustava'],
    ['(00000000-0000-0000-0000-000000000000)', '([UUID])'],
  ])('UUIDs: %s', (input, expected) => expectRedacted(input, expected, 'uuid'));

  it.each([
    ['účet CZ65 0800 0000 1920 0014 5399 děkuji', 'účet [IBAN] děkuji'],
    ['CZ6508000000192000145399', '[IBAN]'],
    ['DE89 3704 0044 0532 0130 00', '[IBAN]'],
    ['GB82WEST12345698765432.', '[IBAN].'],
    ['pay to FR14 2004 1010 0505 0001 3M02 606', 'pay to [IBAN]'],
  ])('IBANs: %s', (input, expected) => expectRedacted(input, expected, 'iban'));

  it.each([
    ['card 4111 1111 1111 1111 exp 12/27', 'card [CARD] exp 12/27'],
    ['4111-1111-1111-1111', '[CARD]'],
    ['5500000000000004', '[CARD]'],
    ['amex 3782 822463 10005', 'amex [CARD]'],
    ['4222222222222', '[CARD]'],
  ])('card numbers: %s', (input, expected) => expectRedacted(input, expected, 'card'));

  it.each([
    ['password: hunter2hunter2', 'password: [SECRET]'],
    ['my password is Tr0ub4dor&3x', 'my password is [SECRET]'],
    ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc', 'Authorization: Bearer [SECRET]'],
    ['api_key=sk-live-abcdefgh12345678', 'api_key=[SECRET]'],
    ['API key: abcdefghijkl', 'API key: [SECRET]'],
    ['token "ghp_abcdefghijklmnop1234"', 'token "[SECRET]"'],
    ['secret=abc123XYZ.', 'secret=[SECRET].'],
    ['heslo je Kocour2024!', 'heslo je [SECRET]'],
    ['x-api-key: 0123abcd0123abcd', 'x-api-key: [SECRET]'],
    ['client_secret = s3cr3t-v4lue', 'client_secret = [SECRET]'],
  ])('secrets: %s', (input, expected) => expectRedacted(input, expected, 'secret'));

  it.each([
    ['rodné číslo 9001011234', 'rodné číslo [NUMBER]'],
    ['IČO 123456789', 'IČO [NUMBER]'],
    ['spis 123456789012/2024', 'spis [NUMBER]/2024'],
    ['ID12345678901', 'ID[NUMBER]'],
    ['number 12345678901234567890123', 'number [NUMBER]'],
  ])('9+ digit numbers: %s', (input, expected) => expectRedacted(input, expected, 'number'));

  it.each([
    'Co říká čl. 54 ústavy?',
    'Ústavní zákon č. 1/1993 Sb., Ústava České republiky',
    '§ 10a odst. 2 písm. b) zákona č. 89/2012 Sb.',
    'čl. 54 odst. 1 a čl. 55',
    'CELEX 32016R0679 (GDPR), článek 6 odst. 1 písm. f)',
    'Nařízení (EU) 2016/679 ze dne 27. dubna 2016',
    'účinnost od 1. 1. 2024, změna 2024-07-01, 01.01.2024',
    've lhůtě 30 dnů, pokuta do 10 000 000 Kč',
    'ECLI:CZ:NS:2019:21.CDO.1234.2018',
    'sp. zn. 21 Cdo 1234/2018',
    'eli/cz/sb/1993/1/2023-01-01',
    'What are the key provisions of the act?',
    'Which token of appreciation does the law require?',
    'The password requirements in the decree',
    'open 1/1993 čl. 54',
    'search svoboda projevu',
    'Article 288 TFEU and Article 17(3) TEU',
    '',
  ])('leaves untouched: %s', (input) => {
    const result = redactPrompt(input);
    expect(result.text).toBe(input);
    expect(result.redactions).toBe(0);
  });

  it('counts several kinds in one prompt', () => {
    const result = redactPrompt(
      'I am jan@firma.cz, +420 777 888 999, password: Sup3rSecret!, účet CZ6508000000192000145399, ' +
        'karta 4111 1111 1111 1111, RČ 8001011234, a co říká § 10a?',
    );
    expect(result.text).toBe(
      'I am [EMAIL], [PHONE], password: [SECRET], účet [IBAN], karta [CARD], RČ [NUMBER], a co říká § 10a?',
    );
    expect(result.byKind).toEqual({ secret: 1, email: 1, uuid: 0, iban: 1, card: 1, phone: 1, number: 1 });
    expect(result.redactions).toBe(6);
  });

  it('counts repeated values one by one', () => {
    expectRedacted('a@b.cz nebo c@d.cz', '[EMAIL] nebo [EMAIL]', 'email', 2);
  });

  it('an IBAN with a wrong check sum is not an IBAN (its long digit run is still a number)', () => {
    const result = redactPrompt('CZ0008000000192000145399');
    expect(result.byKind.iban).toBe(0);
    expect(result.text).toBe('CZ[NUMBER]');
  });

  it('is idempotent: a redacted text is left as it is', () => {
    const first = redactPrompt(
      'password: hunter2hunter2, mail x@y.cz, tel +420 603 123 456, 550e8400-e29b-41d4-a716-446655440000',
    );
    const second = redactPrompt(first.text);
    expect(second.text).toBe(first.text);
    expect(second.redactions).toBe(0);
  });
});

describe('onlyPlaceholders', () => {
  it('is true when nothing but placeholders and punctuation remains', () => {
    expect(onlyPlaceholders('[EMAIL], [PHONE]!')).toBe(true);
    expect(onlyPlaceholders(redactPrompt('jan@firma.cz 603 123 456').text)).toBe(true);
  });
  it('is false when a word remains', () => {
    expect(onlyPlaceholders('[EMAIL] čl. 54')).toBe(false);
    expect(onlyPlaceholders('kontakt [EMAIL]')).toBe(false);
  });
});
