package history

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Notifier posts JSON payloads to a webhook from its own goroutine: Send
// never waits for the network (a full queue drops the payload and counts
// it), each post has a timeout and is retried with a growing pause, and
// Close waits for what is queued at most a given time.
type Notifier struct {
	URL       string
	Timeout   time.Duration // one post; 0 = 10 s
	Tries     int           // 0 = 3
	Pause     time.Duration // before the second try, doubled after; 0 = 1 s
	Transport http.RoundTripper

	once   sync.Once
	queue  chan []byte
	done   chan struct{}
	quit   chan struct{} // closed when Close stops waiting: the rest is not sent
	mu     sync.Mutex
	stats  NotifyStats
	queued int
}

// NotifyStats counts what became of the payloads.
type NotifyStats struct {
	Sent, Failed, Dropped, Unsent int
	LastError                     string
}

func (n *Notifier) start() {
	n.once.Do(func() {
		if n.Timeout <= 0 {
			n.Timeout = 10 * time.Second
		}
		if n.Tries <= 0 {
			n.Tries = 3
		}
		if n.Pause <= 0 {
			n.Pause = time.Second
		}
		if n.Transport == nil {
			n.Transport = http.DefaultTransport
		}
		n.queue = make(chan []byte, 1024)
		n.done = make(chan struct{})
		n.quit = make(chan struct{})
		go n.run()
	})
}

// Send queues one payload; it never blocks.
func (n *Notifier) Send(payload []byte) {
	n.start()
	n.mu.Lock()
	n.queued++
	n.mu.Unlock()
	select {
	case n.queue <- payload:
	default:
		n.mu.Lock()
		n.queued--
		n.stats.Dropped++
		n.mu.Unlock()
	}
}

func (n *Notifier) run() {
	defer close(n.done)
	client := &http.Client{Transport: n.Transport, Timeout: n.Timeout}
	for p := range n.queue {
		select {
		case <-n.quit:
			return
		default:
		}
		err := n.post(client, p)
		n.mu.Lock()
		if err != nil {
			n.stats.Failed++
			n.stats.LastError = err.Error()
		} else {
			n.stats.Sent++
		}
		n.mu.Unlock()
	}
}

func (n *Notifier) post(client *http.Client, p []byte) error {
	pause := n.Pause
	var last error
	for try := 1; try <= n.Tries; try++ {
		resp, err := client.Post(n.URL, "application/json", bytes.NewReader(p))
		if err == nil {
			io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
			resp.Body.Close()
			if resp.StatusCode < 300 {
				return nil
			}
			err = &statusError{resp.StatusCode}
			if resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
				return err // the hook refuses it: trying again will not help
			}
		}
		last = err
		if try < n.Tries {
			time.Sleep(pause)
			pause *= 2
		}
	}
	return last
}

type statusError struct{ status int }

func (e *statusError) Error() string { return "HTTP " + strconv.Itoa(e.status) }

// Close waits up to wait for the queued payloads and reports; what is
// still unsent then is counted as such.
func (n *Notifier) Close(wait time.Duration) NotifyStats {
	n.start()
	close(n.queue)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	select {
	case <-n.done:
	case <-ctx.Done():
		close(n.quit)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	st := n.stats
	st.Unsent = n.queued - st.Sent - st.Failed
	return st
}
