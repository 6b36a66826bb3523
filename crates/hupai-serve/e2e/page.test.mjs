// End-to-end test of the 牌理 page in headless Chromium (Debian's browser, driven by
// playwright-core). It types a hand, switches the preset, clicks a discard row, and checks
// every number shown against `hupai batch`'s answer to the same request; plays a few moves of
// a game at the table against /v1/game's answer, and of each room against /v1/room's.
//
//   HUPAI_URL=http://127.0.0.1:18080 HUPAI_BIN=target/release/hupai node page.test.mjs
//   SCREENSHOTS=docs … node page.test.mjs      # also writes the page's screenshots
// (crates/hupai-serve/e2e/run does all of it.)
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import assert from "node:assert/strict";

const base = process.env.HUPAI_URL || "http://127.0.0.1:18080";
const bin = process.env.HUPAI_BIN || "target/release/hupai";
const shots = process.env.SCREENSHOTS;

/** The odds the page asks by default, bounded as the server bounds them. */
const ODDS = { draws: 17, max_states: 5000 };
/** Under riichi scoring the page's odds carry the win's situation (its defaults here). */
const RIICHI_ODDS = { ...ODDS, score: { seat: "2z", round: "1z", riichi: false } };

/** `hupai batch`'s answer to one request object. */
function batch(request) {
  const out = execFileSync(bin, ["batch"], { input: JSON.stringify(request) + "\n" });
  return JSON.parse(out.toString());
}

/** The discard rows the page shows: tile, shanten, count, and the per-tile counts left. */
async function rows(page) {
  return page.$$eval("#discards tbody tr", (trs) => trs.map((tr) => ({
    tile: tr.dataset.tile,
    shanten: Number(tr.dataset.shanten),
    count: Number(tr.dataset.count),
    tiles: [...tr.querySelectorAll("[data-left]")].map((s) => s.dataset.left),
    left: [...tr.querySelectorAll("[data-left]")].reduce((n, s) => n + Number(s.textContent), 0),
    best: tr.classList.contains("best"),
    tenpai: tr.querySelector("[data-tenpai]")?.dataset.tenpai,
    win: tr.querySelector("[data-win]")?.dataset.win,
    expected: tr.querySelector("[data-expected]")?.dataset.expected,
  })));
}

/** Waits until the page shows the answer for `hand` (normalised MPSZ). */
async function settled(page, tiles) {
  await page.waitForFunction((n) => {
    const s = document.querySelector("#summary [data-tiles]");
    return s && Number(s.dataset.tiles) === n;
  }, tiles);
  await page.waitForTimeout(300); // a later keystroke's answer may still be on its way
}

function sameDiscards(shown, answer, what) {
  assert.equal(shown.length, answer.discards.length, `${what}: rows`);
  answer.discards.forEach((d, i) => {
    const r = shown[i];
    assert.deepEqual([r.tile, r.shanten, r.count], [d.tile, d.shanten, d.ukeire_count], `${what}: row ${i}`);
    assert.deepEqual(r.tiles, d.ukeire, `${what}: row ${i} tiles`);
    assert.equal(r.left, d.ukeire_count, `${what}: row ${i}: the counts left add up to the total`);
  });
  const odds = answer.odds && !answer.odds.error ? answer.odds : null;
  if (odds) {
    // The chances shown are the batch answer's at the horizon, and the best row is its best.
    shown.forEach((r) => {
      const row = odds.rows.find((x) => x.tile === r.tile);
      const at = (v) => (v.length ? String(v[odds.draws - 1]) : "undefined");
      assert.deepEqual([r.tenpai, r.win], [at(row.tenpai), at(row.win)], `${what}: odds of ${r.tile}`);
      if (odds.expected) assert.equal(r.expected, at(row.expected), `${what}: expected points of ${r.tile}`);
      assert.equal(r.best, r.tile === odds.best, `${what}: best ${r.tile}`);
    });
    return;
  }
  const best = answer.discards[0];
  shown.forEach((r) => assert.equal(r.best, r.shanten === best.shanten && r.count === best.ukeire_count, `${what}: best ${r.tile}`));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let checks = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // The browser logs the 400 of the bad hand typed in step 6 and the 422 of the hand that does
  // not win in step 8: those are expected.
  page.on("console", (m) => { if (m.type() === "error" && !/status of (400|422)/.test(m.text())) errors.push(m.text()); });

  // 1. The first visit shows the worked Nanchang example (精 1z).
  await page.goto(base + "/");
  await settled(page, 14);
  assert.equal(await page.inputValue("#rules"), "nanchang");
  assert.equal(await page.inputValue("#jing"), "1z");
  const example = batch({ hand: await page.inputValue("#hand"), rules: "nanchang", jing: "1z", odds: ODDS });
  assert.ok(example.odds && !example.odds.error, "the example's odds are computed");
  sameDiscards(await rows(page), example, "the Nanchang example");
  // The wild tiles (精 1z and the next, 2z) are marked as wild, and only they.
  const marked = await page.$$eval("#hand-view svg.tile", (ts) => ts.map((x) => [x.dataset.tile, x.classList.contains("wild")]));
  assert.deepEqual(marked.filter(([, w]) => w).map(([k]) => k), ["1z", "2z"], "the 精 tiles are marked");
  assert.ok(marked.length === 14);
  // The browser has no CJK font (e2e/run): the page's own font shows the tiles and labels.
  const ownFont = await page.evaluate(async () => {
    await document.fonts.load('16px "hupai CJK"', "東萬");
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.family.includes("hupai CJK")).map((f) => f.status);
  });
  assert.deepEqual(ownFont, ["loaded"], "the page's CJK font is loaded");
  checks++;
  if (shots) {
    await page.screenshot({ path: `${shots}/serve-desktop.png`, fullPage: true });
  }

  // 2. Type a hand, switch the preset: the table is the batch answer's.
  await page.fill("#hand", "");
  await page.type("#hand", "23569m456p789s117z", { delay: 10 });
  await page.selectOption("#rules", "riichi");
  // 精 is Nanchang's: greyed out and not sent under riichi (the API would refuse it).
  assert.equal(await page.isDisabled("#jing"), true, "精 disabled under riichi");
  await settled(page, 14);
  await page.waitForFunction(() => new URLSearchParams(location.search).get("rules") === "riichi");
  const riichi = batch({ hand: "23569m456p789s117z", rules: "riichi", odds: RIICHI_ODDS });
  assert.ok(riichi.odds.expected, "riichi odds carry the expected points");
  sameDiscards(await rows(page), riichi, "riichi");
  assert.equal(await page.$$eval("#hand-view svg.tile.wild", (x) => x.length), 0, "no wild tile under riichi");
  // Another horizon: the numbers follow the draws selector.
  await page.selectOption("#draws", "6");
  await page.waitForFunction(() => document.querySelector("#odds [data-draws]")?.dataset.draws === "6");
  await page.waitForTimeout(300);
  sameDiscards(await rows(page), batch({ hand: "23569m456p789s117z", rules: "riichi", odds: { ...RIICHI_ODDS, draws: 6 } }), "riichi, 6 draws");
  await page.selectOption("#draws", "17");
  await page.waitForFunction(() => document.querySelector("#odds [data-draws]")?.dataset.draws === "17");
  await page.waitForTimeout(300);
  const forms = await page.$$eval("#forms [data-form]", (els) => els.map((e) => e.dataset.form));
  assert.deepEqual(forms, ["Standard", "SevenPairs", "ThirteenOrphans"]);
  checks++;

  // 3. Click the best discard (by ukeire): the page answers the 13 tiles left, and its odds.
  const first = riichi.discards[0];
  await page.click(`#discards tbody tr[data-tile="${first.tile}"]`);
  await settled(page, 13);
  const hand13 = await page.inputValue("#hand");
  const after = batch({ hand: hand13, rules: "riichi", improvements: true, odds: RIICHI_ODDS });
  const k = after.odds.draws - 1;
  assert.deepEqual(
    [await page.getAttribute("#odds [data-tenpai]", "data-tenpai"), await page.getAttribute("#odds [data-win]", "data-win")],
    [String(after.odds.tenpai[k]), String(after.odds.win[k])], "the 13-tile hand's odds");
  assert.equal(Number(await page.getAttribute("#ukeire-count", "data-count")), after.ukeire_count);
  assert.equal(after.ukeire_count, first.ukeire_count, "the row's count is the 13-tile hand's");
  const shownLeft = await page.$$eval("#advance [data-left]", (s) => s.reduce((n, x) => n + Number(x.textContent), 0));
  assert.equal(shownLeft, after.ukeire_count);
  const improvements = await page.$$eval("#improvements .tile-left", (els) => els.length);
  assert.equal(improvements, after.improvements.length);
  assert.equal(await page.isHidden("#discards"), true);
  checks++;

  // 4. The hand is in the URL: a reload (or a shared link) shows the same answers.
  await page.selectOption("#lang", "zh");
  assert.equal(await page.textContent("label[for=hand]"), "手牌");
  const url = page.url();
  assert.match(url, /lang=zh/);
  await page.goto(url);
  await settled(page, 13);
  assert.equal(await page.inputValue("#hand"), hand13);
  assert.match(await page.textContent("#summary"), /向听|听牌/);
  checks++;

  // 5. A win with a wildcard: each decomposition says what the wildcard became.
  await page.goto(base + "/?hand=1111m456789p1239s&rules=chinese&wild=9s&lang=en");
  await settled(page, 14);
  assert.equal(await page.getAttribute("#summary [data-shanten]", "data-shanten"), "-1");
  const roles = await page.$$eval("#decompositions .role", (r) => r.map((x) => x.textContent));
  assert.ok(roles.some((r) => r.includes("9s stands for 1m")), roles.join(" | "));
  checks++;

  // 6. Clicking tiles builds a hand; a bad hand is explained.
  await page.click("#clear");
  for (const k of ["1m", "1m", "2m"]) await page.click(`#palette [data-add="${k}"]`);
  assert.equal(await page.inputValue("#hand"), "112m");
  await page.fill("#hand", "123x");
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /x/);
  checks++;

  // 7. Phone width: the table fits, nothing scrolls sideways but the table itself.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: "zh-CN" });
  await phone.goto(base + "/");
  await settled(phone, 14);
  assert.equal(await phone.textContent("label[for=hand]"), "手牌", "the browser's language by default");
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `page width ${width} on a 390 px phone`);
  if (shots) await phone.screenshot({ path: `${shots}/serve-phone.png` });
  checks++;

  // 8. Scoring: pick the winning tile and the situation; the yaku, han, fu and total are
  // the batch answer's score of the same win.
  await page.goto(base + "/?hand=234m345m567p22s789s&rules=riichi&lang=ja&draws=0");
  await settled(page, 14);
  assert.equal(await page.isHidden("#score-controls"), false, "scoring shown under riichi");
  await page.selectOption("#win", "5m");
  await page.check("#tsumo");
  await page.check("#riichi");
  await page.selectOption("#seat", "1z");
  await page.fill("#dora", "1p");
  await page.waitForSelector("#score [data-total]");
  await page.waitForTimeout(300);
  const want = batch({ hand: "234m345m567p22s789s", rules: "riichi",
    score: { win: "5m", tsumo: true, riichi: true, seat: "1z", round: "1z", dora: "1p" } }).score;
  const shownScore = await page.$eval("#score .sum", (p) => ({ han: Number(p.dataset.han), fu: Number(p.dataset.fu), total: Number(p.dataset.total) }));
  assert.deepEqual(shownScore, { han: want.han, fu: want.fu, total: want.total }, "the score shown");
  const yaku = await page.$$eval("#score [data-yaku]", (tr) => tr.map((x) => [x.dataset.yaku, x.cells[0].textContent]));
  assert.deepEqual(yaku, want.yaku.map((y) => [y.yaku, y.japanese]), "the yaku, in Japanese");
  if (shots) await page.screenshot({ path: `${shots}/serve-score.png`, fullPage: true });
  // Under guobiao: the fans.
  await page.goto(base + "/?hand=147m258p369s123m55z&rules=guobiao&win=5z&tsumo=1&lang=zh&draws=0");
  await settled(page, 14);
  await page.waitForSelector("#score [data-total]");
  const mcr = batch({ hand: "147m258p369s123m55z", rules: "guobiao", score: { win: "5z", tsumo: true, seat: "2z", round: "1z" } }).score;
  assert.equal(Number(await page.getAttribute("#score .sum", "data-total")), mcr.total);
  const fans = await page.$$eval("#score [data-fan]", (tr) => tr.map((x) => x.dataset.fan));
  assert.deepEqual(fans, mcr.fans.map((f) => f.fan));
  // Under hongzhong: the fans of the best reading, and what the 红中 stood for.
  await page.goto(base + "/?hand=1122334455667m7z&rules=hongzhong&win=7m&tsumo=1&lang=zh&draws=0");
  await settled(page, 14);
  await page.waitForSelector("#score [data-total]");
  const room = batch({ hand: "1122334455667m7z", rules: "hongzhong", score: { win: "7m", tsumo: true, seat: "2z", round: "1z" } }).score;
  assert.equal(Number(await page.getAttribute("#score .sum", "data-total")), room.total);
  assert.deepEqual(await page.$$eval("#score [data-fan]", (tr) => tr.map((x) => x.dataset.fan)), room.fans.map((f) => f.fan));
  assert.equal(await page.textContent("#score [data-wildcards]"), "7z当7m");
  // A hand that does not win is refused with its shanten.
  await page.goto(base + "/?hand=123m456p789s12355z&rules=riichi&win=5z&draws=0");
  await settled(page, 14);
  await page.waitForSelector("#score [data-score-error]");
  assert.match(await page.textContent("#score"), /not a win \(\d-shanten\)/);
  checks++;

  // 9. Game review: a record file chosen on the page is reviewed by /v1/review, a row a
  // decision as `hupai review --json` gives them; then the CLI's HTML report opened offline:
  // a row and a bar a decision, nothing fetched.
  const record = new URL("../../../fuzz/corpus/records/seed_small.mjlog", import.meta.url).pathname;
  const cli = execFileSync(bin, ["review", "--json", record]).toString().trim().split("\n").map((l) => JSON.parse(l))
    .filter((r) => r.discard !== undefined);
  await page.goto(base + "/?lang=en");
  await settled(page, 14);
  await page.setInputFiles("#record-file", record);
  await page.waitForSelector("#review-table:not([hidden]) tbody tr");
  const reviewedRows = await page.$$eval("#review-table tbody tr", (trs) => trs.map((tr) => [tr.dataset.discard, tr.dataset.best]));
  assert.deepEqual(reviewedRows, cli.map((r) => [r.discard, r.best]), "the page's review is the CLI's");
  assert.equal(Number(await page.getAttribute("#review-chart svg", "data-bars")), cli.length);
  if (shots) await page.screenshot({ path: `${shots}/serve-review.png`, fullPage: true });
  const report = `${process.env.TMPDIR || "/tmp"}/hupai-report-${process.pid}.html`;
  execFileSync(bin, ["review", "--html", report, record]);
  const offline = await browser.newPage();
  const fetched = [];
  offline.on("request", (r) => { if (!r.url().startsWith("file:")) fetched.push(r.url()); });
  await offline.goto("file://" + report);
  assert.equal(await offline.$$eval("table.decisions tr", (trs) => trs.length), cli.length + 1, "a header and a row a decision");
  assert.equal(await offline.$$eval("table.rounds tr", (trs) => trs.length), 2, "a header and a row a round");
  assert.equal(await offline.$$eval("svg rect", (r) => r.length), cli.length, "a bar a decision");
  assert.deepEqual(fetched, [], "the report fetches nothing");
  if (shots) {
    // The report takes its CJK characters from the reader's fonts (every zh or ja desktop has
    // them): its screenshot is made with the machine's fonts, not this test's DejaVu alone.
    const { FONTCONFIG_FILE, ...env } = process.env;
    const reader = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"], env });
    const shot = await reader.newPage({ viewport: { width: 1100, height: 800 } });
    execFileSync(bin, ["review", "--html", report, "--lang", "ja", "--seat", "0", new URL("../../../../shared/logs/ranked_game.json", import.meta.url).pathname]);
    await shot.goto("file://" + report);
    await shot.screenshot({ path: `${shots}/review-report.png`, fullPage: true });
    await reader.close();
  }
  checks++;

  // 10. A game at the table: a new game against the efficiency players, each move a click on
  // the page (a tile of the hand discards it; a claim's button), the table shown equal to
  // /v1/game's answer to the same moves; the labels in Chinese and Japanese.
  await page.goto(base + "/?lang=en");
  await settled(page, 14);
  await page.click("#play-new");
  await page.waitForSelector(".play-hand");
  for (let move = 0; move < 12; move++) {
    const before = await page.evaluate(() => played.moves.length);
    const button = (await page.$(".play-tile")) || (await page.$(".play-actions button"));
    if (!button) break; // the game is over
    await button.click();
    // The move's answer shown: one more move played, nothing in flight.
    await page.waitForFunction((n) => played.moves.length > n && !playing, before);
  }
  const shown = await page.evaluate(() => played);
  const answer = await (await fetch(base + "/v1/game", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ seed: shown.seed, agents: shown.agents, moves: shown.moves }),
  })).json();
  assert.deepEqual(shown.table, answer, "the page's table is /v1/game's");
  assert.ok(shown.moves.length >= 8, `${shown.moves.length} moves played`);
  const riverShown = Number(await page.getAttribute('.play-seat[data-seat="0"] .river', "data-river"));
  assert.equal(riverShown, answer.rivers[0].length);
  if (shots) await page.screenshot({ path: `${shots}/serve-table.png`, fullPage: true });
  for (const [code, word] of [["zh", "对局"], ["ja", "対局"]]) {
    await page.selectOption("#lang", code);
    assert.equal(await page.textContent("#play h2"), word);
    assert.ok((await page.textContent(".play-head")).includes(code === "zh" ? "余牌" : "残り"));
  }
  checks++;

  // 11. A room at the table: each room in turn (换三张 and the void suits in Sichuan), each
  // move a click (a tile, or a button: the void suit, a claim), the table shown equal to
  // /v1/room's answer to the same moves; the 精 shown in 南昌.
  await page.selectOption("#lang", "en");
  for (const rules of ["sichuan", "hongzhong", "changsha", "guobiao", "nanchang"]) {
    await page.selectOption("#play-rules", rules);
    await page.click("#play-new");
    await page.waitForFunction((r) => played && played.rules === r && played.table && !playing, rules);
    for (let move = 0; move < 10; move++) {
      const before = await page.evaluate(() => played.moves.length);
      const button = (await page.$(".play-tile")) || (await page.$(".play-actions button"));
      if (!button) break; // the game is over
      await button.click();
      await page.waitForFunction((n) => played.moves.length > n && !playing, before);
    }
    const room = await page.evaluate(() => played);
    assert.equal(room.rules, rules);
    const roomAnswer = await (await fetch(base + "/v1/room", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ rules, seed: room.seed, agents: room.agents, moves: room.moves }),
    })).json();
    assert.deepEqual(room.table, roomAnswer, `the page's ${rules} table is /v1/room's`);
    assert.ok(room.moves.length >= 6, `${rules}: ${room.moves.length} moves played`);
    const handShown = await page.getAttribute(".play-hand", "data-hand");
    assert.equal(handShown, roomAnswer.hand.join(""), `${rules}: the hand shown`);
    if (rules === "nanchang") {
      assert.ok((await page.textContent(".play-head")).includes("精"), "the 精 shown");
      if (shots) await page.screenshot({ path: `${shots}/serve-room.png`, fullPage: true });
    }
    assert.equal(await page.$$eval("#play-agents option", (os) => os.length), 2, "the rooms' two players");
  }
  checks++;

  assert.deepEqual(errors, [], "no script errors");
  console.log(`e2e: ${checks} checks passed against hupai batch`);
} finally {
  await browser.close();
}
