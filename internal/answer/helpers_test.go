package answer_test

import "encoding/json"

func jsonOf(v any) ([]byte, error) { return json.Marshal(v) }
