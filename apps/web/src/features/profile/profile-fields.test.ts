import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatSlot,
  imageProblem,
  sortSlots,
  validatePhone,
  validateSkills,
  validateSlots,
} from './profile-fields';

describe('phone (spec part 2 §5)', () => {
  it('accepts empty or exactly 10 digits', () => {
    expect(validatePhone('')).toBeNull();
    expect(validatePhone('9876543210')).toBeNull();
    expect(validatePhone('987654321')).toBe('Phone number must be exactly 10 digits');
  });

  it('shows 10 digits as (xxx) xxx-xxxx, anything else unchanged', () => {
    expect(formatPhone('9876543210')).toBe('(987) 654-3210');
    expect(formatPhone('12345')).toBe('12345');
  });
});

describe('imageProblem (spec part 2 §5)', () => {
  const file = (type: string, size: number) => {
    const f = new File(['x'], 'f', { type });
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };
  const MB = 1024 * 1024;

  it('takes PNG, JPEG, WebP and GIF only', () => {
    expect(imageProblem(file('image/gif', 10), 'avatar')).toBeNull();
    expect(imageProblem(file('image/svg+xml', 10), 'avatar')).toBe('Please select an image file');
    expect(imageProblem(file('', 10), 'cover')).toBe('Please select an image file');
  });

  it('limits the picture to 5 MB and the cover to 10 MB', () => {
    expect(imageProblem(file('image/png', 5 * MB), 'avatar')).toBeNull();
    expect(imageProblem(file('image/png', 5 * MB + 1), 'avatar')).toBe(
      'File size too large. Maximum 5MB allowed',
    );
    expect(imageProblem(file('image/jpeg', 10 * MB), 'cover')).toBeNull();
    expect(imageProblem(file('image/jpeg', 10 * MB + 1), 'cover')).toBe(
      'File size too large. Maximum 10MB allowed',
    );
  });
});

describe('skills (spec part 2 §5)', () => {
  const sports = ['Cricket', 'Valorant'];

  it('needs a sport from the list for each entry, each sport once', () => {
    expect(validateSkills([{ sport: 'Cricket', skill_level: 'expert' }], sports)).toBeNull();
    expect(validateSkills([{ sport: '', skill_level: 'expert' }], sports)).toMatch(/Pick a sport/);
    expect(
      validateSkills(
        [
          { sport: 'Cricket', skill_level: 'expert' },
          { sport: 'Cricket', skill_level: 'beginner' },
        ],
        sports,
      ),
    ).toBe('Each sport can be listed once');
  });
});

describe('availability', () => {
  it('writes a slot as "Sat 07:00–09:30"', () => {
    expect(formatSlot({ day_of_week: 6, start_time: '07:00', end_time: '09:30' })).toBe(
      'Sat 07:00–09:30',
    );
  });

  it('orders slots Monday first, then by start time', () => {
    const sunday = { day_of_week: 0, start_time: '06:00', end_time: '07:00' };
    const mondayLate = { day_of_week: 1, start_time: '18:00', end_time: '19:00' };
    const mondayEarly = { day_of_week: 1, start_time: '06:00', end_time: '07:00' };
    expect(sortSlots([sunday, mondayLate, mondayEarly])).toEqual([mondayEarly, mondayLate, sunday]);
  });

  it('needs both times and the end after the start', () => {
    expect(validateSlots([{ day_of_week: 1, start_time: '07:00', end_time: '08:00' }])).toBeNull();
    expect(validateSlots([{ day_of_week: 1, start_time: '', end_time: '08:00' }])).toMatch(
      /start and an end/,
    );
    expect(validateSlots([{ day_of_week: 1, start_time: '08:00', end_time: '08:00' }])).toBe(
      'End time must be after start time',
    );
  });
});
