/** The checksums personal numbers carry, so a random string of digits is not taken for one. */

/** The Luhn (mod 10) check of payment card numbers. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (d < 0 || d > 9) return false;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 1 && sum % 10 === 0;
}

/** An ABA routing number: 3·d1 + 7·d2 + d3 + 3·d4 + ... ≡ 0 (mod 10), and a known Federal Reserve prefix. */
export function routingNumberValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  if (!((prefix >= 0 && prefix <= 12) || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80)) return false;
  const w = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * w[i % 3];
  return sum % 10 === 0;
}

/** The Social Security Administration never issues area 000, 666 or 900-999, group 00 or serial 0000. */
export function ssnValid(area: string, group: string, serial: string): boolean {
  const a = Number(area);
  return a !== 0 && a !== 666 && a < 900 && group !== '00' && serial !== '0000';
}
