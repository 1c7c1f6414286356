import { connect } from "node:net";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CSRF_HEADER, IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from "#core/admin.ts";
import { type AdminClient, adminLogin, createRoleUser, multipartBody } from "./testing/admin.ts";
import { addTestProduct, createListeningStore, type ListeningStore } from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * Uploads that would hold a worker (issue 21, finding 9; decision 0020): an image of more pixels than
 * UPLOAD_MAX_MEGAPIXELS (40 by default) is a 413 read from its header, before it is decoded, and a body
 * whose Content-Length is above its route's limit is a 413 before a byte of it is read.
 */

/**
 * A real PNG of `width` × `height` black pixels, one bit each: a 400-megapixel one is 50 MB of rows
 * that deflate to a few dozen KB, as a decompression bomb does.
 */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter 0, all pixels 0
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.each(TEST_ENGINES)("upload limits on $name", (engine) => {
  let store: ListeningStore;
  let owner: AdminClient;
  let productId: string;

  beforeAll(async () => {
    store = await createListeningStore(engine);
    owner = await adminLogin(store.app, (await createRoleUser(store.database.db, "owner")).email);
    productId = (
      await addTestProduct(store.database.db, {
        name: "Pixel Abaya",
        variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }],
      })
    ).productId;
  });
  afterAll(async () => {
    await store?.close();
  });

  async function upload(files: { name: string; content: Buffer }[]) {
    const { payload, contentType } = multipartBody(files);
    const res = await store.app.inject({
      method: "POST",
      url: `/api/admin/products/${productId}/images`,
      headers: { cookie: owner.cookie, [ADMIN_CSRF_HEADER]: owner.csrf, "content-type": contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  }
  const imageCount = async () =>
    (
      await store.database.db
        .selectFrom("product_images")
        .select(({ fn }) => fn.countAll<number>().as("n"))
        .where("product_id", "=", productId)
        .executeTakeFirstOrThrow()
    ).n.toString();

  it.each([
    [10_000, 5_000, "50"],
    [20_000, 20_000, "400"],
    [6_400, 6_260, "40.1"],
  ])("refuses a %i × %i PNG with 413, naming its size and the limit", async (width, height, size) => {
    const file = blackPng(width, height);
    // What was sent is the image it claims to be (sharp reads its header without decoding it).
    expect(await sharp(file, { limitInputPixels: false }).metadata()).toMatchObject({
      format: "png",
      width,
      height,
    });
    const images = await imageCount();
    const res = await upload([{ name: "huge.png", content: file }]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      code: "image_too_large",
      message: `huge.png is ${size} megapixels; the limit is 40 megapixels.`,
    });
    expect(await imageCount()).toBe(images);
  });

  it("still calls a file that is not an image by that name", async () => {
    const res = await upload([{ name: "notes.png", content: Buffer.from("not an image at all") }]);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: "not_image", message: expect.stringContaining("is not a JPEG") });
  });

  it("refuses a NUL in an upload's file name, and adds nothing", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const images = await imageCount();
    const res = await upload([{ name: "a\u0000b.png", content: png }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_text", field: "images.filename" });
    expect(await imageCount()).toBe(images);
  });

  /**
   * Sends a request's head only, over a real socket, and reads what comes back: an answer that needs
   * the body would never come, and the server must close the connection rather than wait for it.
   */
  function headOnly(head: string): Promise<{ answer: string; closedByServer: boolean }> {
    const { port } = new URL(store.base);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => socket.write(head));
      let answer = "";
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ answer, closedByServer: false });
      }, 5_000);
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      socket.on("end", () => {
        clearTimeout(timer);
        socket.destroy();
        resolve({ answer, closedByServer: true });
      });
      socket.on("error", reject);
    });
  }
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));

  it("refuses an upload whose Content-Length is above the limit before reading the body", async () => {
    const declared = IMAGE_MAX_FILES * IMAGE_MAX_BYTES + 1024 * 1024;
    const { answer, closedByServer } = await headOnly(
      `POST /api/admin/products/${productId}/images HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Cookie: ${owner.cookie}\r\n${ADMIN_CSRF_HEADER}: ${owner.csrf}\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(bodyOf(answer)).toEqual({
      success: false,
      code: "payload_too_large",
      message: "The request is larger than this address takes (100.1 MB).",
    });
    expect(closedByServer).toBe(true);
  });

  it("refuses a 100 MB JSON body from its Content-Length, on public routes too", async () => {
    for (const path of ["/api/user/login", "/api/contact/send", "/api/admin/login"]) {
      const { answer, closedByServer } = await headOnly(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${100 * 1024 * 1024}\r\n\r\n{"a":`,
      );
      expect(answer, path).toMatch(/^HTTP\/1\.1 413 /);
      expect(bodyOf(answer), path).toEqual({
        success: false,
        code: "payload_too_large",
        message: "The request is larger than this address takes (1 MB).",
      });
      expect(closedByServer, path).toBe(true);
    }
    // The server goes on answering.
    expect((await fetch(`${store.base}/healthz`)).status).toBe(200);
  });
});
