package llm

import "strings"

// maxSentence caps the length in bytes of a sentence taken from a doc comment.
const maxSentence = 240

// firstSentence returns the first sentence of text, whitespace collapsed, at
// most maxSentence bytes, ending in punctuation.
func firstSentence(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	for i := 0; i < len(text); i++ {
		if strings.IndexByte(".!?", text[i]) >= 0 && (i+1 == len(text) || text[i+1] == ' ') {
			text = text[:i+1]
			break
		}
	}
	if len(text) > maxSentence {
		cut := strings.LastIndexByte(text[:maxSentence], ' ')
		if cut <= 0 {
			cut = runeStart(text, maxSentence)
		}
		return text[:cut] + "..."
	}
	if text != "" && strings.IndexByte(".!?", text[len(text)-1]) < 0 {
		text += "."
	}
	return text
}
