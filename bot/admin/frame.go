package admin

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
)

// writeFrame writes one frame.
func writeFrame(w io.Writer, typ byte, payload []byte) error {
	var head [5]byte
	head[0] = typ
	binary.BigEndian.PutUint32(head[1:], uint32(len(payload)))
	if _, err := w.Write(head[:]); err != nil {
		return err
	}
	_, err := w.Write(payload)
	return err
}

// dataWriter cuts what is written to it into data frames.
type dataWriter struct{ w io.Writer }

func (d dataWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		part := p[:min(len(p), chunk)]
		if err := writeFrame(d.w, frameData, part); err != nil {
			return n, err
		}
		n += len(part)
		p = p[len(part):]
	}
	return n, nil
}

// readFrame reads one frame's header and returns its type and length.
func readFrame(r *bufio.Reader) (byte, int, error) {
	var head [5]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		if err == io.EOF {
			return 0, 0, fmt.Errorf("%w: the bot closed the connection before the copy was complete", ErrProtocol)
		}
		return 0, 0, err
	}
	n := binary.BigEndian.Uint32(head[1:])
	switch typ := head[0]; {
	case typ != frameData && typ != frameDone && typ != frameError:
		return 0, 0, fmt.Errorf("%w: unknown frame type %q (not a bfbot control socket?)", ErrProtocol, typ)
	case n > maxFrame, typ != frameData && n > maxMessage:
		return 0, 0, fmt.Errorf("%w: frame of %d bytes", ErrProtocol, n)
	default:
		return typ, int(n), nil
	}
}
