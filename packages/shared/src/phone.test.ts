import { describe, expect, it } from 'vitest';
import { cleanPhoneNumber, phoneInputValue } from './phone.js';
import { eventRegistrationBodySchema, updateSettingsBodySchema } from './index.js';

describe('cleanPhoneNumber', () => {
  it.each(['9876543210', '98765 43210', '+91 98765 43210', '098765 43210', '+91-98765-43210'])(
    'cleans %j to 9876543210',
    (typed) => {
      expect(cleanPhoneNumber(typed)).toBe('9876543210');
    },
  );

  it('leaves what is not an Indian number for the 10-digit rule to refuse', () => {
    expect(cleanPhoneNumber('+44 7911 123456')).toBe('+447911123456');
    expect(cleanPhoneNumber('98765abcde')).toBe('98765abcde');
  });
});

describe('phoneInputValue (what a phone box keeps)', () => {
  /** The box's value after typing `text` key by key. */
  const typeInto = (text: string) =>
    [...text].reduce((value, key) => phoneInputValue(value + key), '');

  it.each(['98765 43210', '+91 98765 43210', '098765 43210'])(
    'ends as 9876543210 when %j is typed key by key or pasted',
    (text) => {
      expect(typeInto(text)).toBe('9876543210');
      expect(phoneInputValue(text)).toBe('9876543210');
    },
  );

  it('keeps digits only, at most 10', () => {
    expect(phoneInputValue('98765432101')).toBe('9876543210');
    expect(phoneInputValue('abc')).toBe('');
  });
});

describe('the wire schemas clean phones', () => {
  it.each(['98765 43210', '+91 98765 43210', '098765 43210'])('%j is 9876543210', (phone) => {
    expect(updateSettingsBodySchema.parse({ phone_number: phone }).phone_number).toBe('9876543210');
    expect(eventRegistrationBodySchema.parse({ event_id: 1, name: 'Asha', phone }).phone).toBe(
      '9876543210',
    );
  });

  it('still refuses a number that is not 10 digits once cleaned', () => {
    expect(updateSettingsBodySchema.safeParse({ phone_number: '+91 98765' }).success).toBe(false);
    expect(
      eventRegistrationBodySchema.safeParse({ event_id: 1, name: 'Asha', phone: '98765 4321' })
        .success,
    ).toBe(false);
  });
});
