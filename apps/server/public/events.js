// @ts-check
// The catalog's live feed: GET /api/events read with fetch() and a stream
// reader, because EventSource cannot send the Authorization header and the
// token must not travel in a URL (where logs and history keep it). Each
// `change` event calls back; a dropped connection is reopened after a pause
// that grows to 30 s, and a reopened stream calls back once too, since
// changes may have been missed while it was down.
import { apiHeaders, refuseToken } from "./api.js";

/**
 * Splits SSE text into events; returns the events and the unfinished rest.
 * @param {string} text
 * @returns {{ events: { event: string; data: string }[]; rest: string }}
 */
export function parseEvents(text) {
  const blocks = text.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  const events = [];
  for (const block of blocks) {
    let event = "message";
    const data = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":") || line === "") continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    events.push({ event, data: data.join("\n") });
  }
  return { events, rest };
}

/**
 * Follows the event stream until the token is refused.
 * @param {{ onChange: (change: import("./api.js").ChangeEvent | undefined) => void; onLive: (live: boolean) => void }} handlers
 */
export function followEvents({ onChange, onLive }) {
  let pause = 1_000;
  let first = true;
  const connect = async () => {
    try {
      const response = await fetch("/api/events", { headers: apiHeaders(), cache: "no-store" });
      if (response.status === 401) {
        refuseToken();
        return;
      }
      if (!response.ok || response.body === null) throw new Error(`status ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseEvents(buffered + value);
        buffered = parsed.rest;
        for (const { event, data } of parsed.events) {
          if (event === "ready") {
            onLive(true);
            pause = 1_000;
            if (!first) onChange(undefined);
            first = false;
          } else if (event === "change") {
            onChange(JSON.parse(data));
          }
        }
      }
    } catch {
      // Reconnect below: the server restarted, or the network dropped.
    }
    onLive(false);
    setTimeout(connect, pause);
    pause = Math.min(pause * 2, 30_000);
  };
  void connect();
}
