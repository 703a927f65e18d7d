import { describe, expect, it } from 'vitest';
import { meetingOf } from './meeting';

// Heads of minutes as cities write them (made up here, not taken from any set).
describe('the meeting a record is of', () => {
  it('reads the place on a line that opens with the date and time as the place alone', () => {
    const m = meetingOf('CITY OF RIVERTON\nCITY COUNCIL REGULAR MEETING\nTuesday, March 10, 2026, 7:00 p.m., Council Chambers, City Hall\n\nMayor Ortiz called the meeting to order.');
    expect(m).toMatchObject({ date: 'Tuesday, March 10, 2026', time: '7:00 p.m.', place: 'Council Chambers, City Hall' });
  });

  it('a transcript that opens on a speaker\'s turn names no body; a heading with a colon still does', () => {
    expect(meetingOf('Clerk: Item 12. Council Bill 26-041, an ordinance amending Chapter 5 of the Municipal Code.\nMayor Alvarez: Thank you.').body).toBeNull();
    expect(meetingOf('Speaker 1: Item 18. Resolution number 26-212, a resolution amending the fee schedule.').body).toBeNull();
    expect(meetingOf('RIVERTON CITY COUNCIL: REGULAR MEETING\nMarch 10, 2026').body).toBe('RIVERTON CITY COUNCIL: REGULAR MEETING');
  });

  it('names the body from a heading written as a sentence', () => {
    const m = meetingOf('MINUTES OF THE REGULAR MEETING OF THE RIVERTON CITY COUNCIL held March 10, 2026 at 7:00 p.m. in the Council Chambers of City Hall, 200 Main Street.\n\nMayor Ortiz called the meeting to order.');
    expect(m).toMatchObject({ body: 'RIVERTON CITY COUNCIL', date: 'March 10, 2026', place: 'the Council Chambers of City Hall, 200 Main Street' });
  });

  it('keeps a time without the dot that ends its sentence', () => {
    expect(meetingOf('RIVERTON CITY COUNCIL\nMarch 10, 2026\nCity Hall Council Chambers\n\nThe meeting was called to order at 7:03 PM.').time).toBe('7:03 PM');
    expect(meetingOf('RIVERTON CITY COUNCIL\nThe meeting was called to order at 7:03 p.m.').time).toBe('7:03 p.m.');
  });

  it('leaves a heading that is a body as it is', () => {
    expect(meetingOf('Riverton City Council\nRegular Meeting Minutes\nDate: March 10, 2026\nLocation: Council Chambers, 200 Main Street\n').body).toBe('Riverton City Council');
  });
});

describe('the body a record is of, from a heading that names only its city', () => {
  it('is the council the next line names, of that city', () => {
    expect(meetingOf('CITY OF RIVERTON\nREGULAR MEETING OF THE CITY COUNCIL\nMINUTES\nTuesday, October 14, 2025').body).toBe('City Council, City of Riverton');
    expect(meetingOf('Town of Vail\nMinutes of the Regular Meeting of the Town Council\nJune 3, 2025').body).toBe('Town Council, Town of Vail');
    expect(meetingOf('CITY OF RIVERTON\nCITY COUNCIL REGULAR MEETING\nTuesday, March 10, 2026').body).toBe('City Council, City of Riverton');
  });

  it('stays the heading when the next line names no body', () => {
    expect(meetingOf('CITY OF RIVERTON\nMINUTES\nTuesday, October 14, 2025').body).toBe('CITY OF RIVERTON');
  });
});
