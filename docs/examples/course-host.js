// The host snippet: size each embed to its content and record answered problems.
// Messages are only accepted from the frames on this page, from the origin they were loaded from.
addEventListener("message", (event) => {
  const frame = [...document.querySelectorAll("iframe")].find((f) => f.contentWindow === event.source);
  if (!frame || event.origin !== new URL(frame.src, location.href).origin) return;
  const data = event.data || {};
  if (data.type === "calc:resize") frame.style.height = `${data.height}px`;
  if (data.type === "calc:problem") {
    const item = document.createElement("li");
    item.textContent = `${data.problem} (seed ${data.seed}): ${data.correct ? "correct" : "not yet"} after ${data.attempts} attempt(s)`;
    document.getElementById("log")?.appendChild(item);
    // A course platform would record completion here, e.g. send it to its own server.
  }
});
