// The page's link to the host: one WebSocket, reopened when it drops
// (a phone that slept, Wi-Fi lost). Every message is a JSON object; "t" is its kind.

export function connect(query, onMessage, onState) {
  let ws = null;
  let wait = 250;
  let closed = false; // the host said this page may not come back (a seat handed back): no reconnecting
  const outbox = [];
  function open() {
    if (closed) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${scheme}//${location.host}/ws${query}`);
    ws.onopen = () => {
      wait = 250;
      onState(true);
      while (outbox.length) ws.send(outbox.shift());
    };
    ws.onmessage = (e) => onMessage(JSON.parse(e.data));
    ws.onclose = () => {
      onState(false);
      if (closed) return;
      setTimeout(open, wait);
      wait = Math.min(wait * 2, 4000);
    };
  }
  open();
  return {
    setQuery(q) {
      query = q;
    },
    close() {
      closed = true;
      if (ws) ws.close();
    },
    send(message) {
      const text = JSON.stringify(message);
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(text);
      else outbox.push(text);
    },
  };
}

// "%s" filled in order, as the host's words do.
export function fill(template, ...args) {
  let i = 0;
  return template.replace(/%s/g, () => String(args[i++]));
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}
