import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';

/** A 2 × 2 grey PNG with a text chunk, built here so the test needs no image file. */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 0, 0, 0, 0]);
  const rows = Buffer.from([0, 0x80, 0x80, 0, 0x80, 0x80]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('tEXt', Buffer.from('Comment\0taken at home', 'latin1')),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A user's details in the console's Users screen: avatar, e-mails, phones, game accounts. */
export class AdminUsersPage {
  constructor(readonly page: Page) {}

  firstUser(): Locator {
    return this.page.getByTestId('admin-user').first();
  }

  async openDetails(row: Locator): Promise<Locator> {
    await row.getByTestId('user-details').click();
    const detail = row.getByTestId('user-detail');
    await detail.waitFor();
    return detail;
  }

  async uploadAvatar(detail: Locator): Promise<void> {
    await detail
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    await detail.getByTestId('user-avatar').waitFor();
  }

  async addPhone(detail: Locator, phone: string): Promise<void> {
    await detail.getByLabel('New phone number (international format)').fill(phone);
    await detail.getByRole('button', { name: 'Add and send a code' }).click();
    await detail.getByTestId('user-phone').first().waitFor();
  }

  async addGameAccount(detail: Locator, name: string, tag: string): Promise<void> {
    await detail.getByTestId('new-account-name').fill(name);
    await detail.getByTestId('new-account-tag').fill(tag);
    await detail.getByRole('button', { name: 'Add the game account' }).click();
    await detail.getByRole('status').filter({ hasText: 'Game account added' }).waitFor();
  }
}
