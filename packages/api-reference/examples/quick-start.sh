### setup: Your address and your key
# Create a key with the try-on scope on the API keys page (/account/api-keys) and keep it
# secret: it is shown once. Every request sends it as a Bearer token.
export VTON_URL="https://your-studio.example"
export VTON_API_KEY="vtk_…"
AUTH="Authorization: Bearer $VTON_API_KEY"

### upload-garment: Upload the garment photo
# One JPG, PNG or WebP photo of the product. The answer is the garment record.
GARMENT=$(curl -sS --fail-with-body -H "$AUTH" -F "file=@garment.jpg" "$VTON_URL/api/garments")
GARMENT_ID=$(echo "$GARMENT" | jq -r .id)

### crop-garment: Crop it to a square
# The largest centred square, in the photo's own pixels. A try-on needs a cropped garment.
CROP=$(echo "$GARMENT" | jq '(if .width < .height then .width else .height end) as $side
  | {x: ((.width - $side) / 2 | floor), y: ((.height - $side) / 2 | floor), width: $side, height: $side,
     naturalWidth: .width, naturalHeight: .height}')
curl -sS --fail-with-body -H "$AUTH" -H "Content-Type: application/json" -d "$CROP" \
  "$VTON_URL/api/garments/$GARMENT_ID/crop" > /dev/null

### upload-model: Upload a model photo
# Repeat the files field to upload several at once; the answer lists them in order.
MODEL_ID=$(curl -sS --fail-with-body -H "$AUTH" -F "files=@model.jpg" "$VTON_URL/api/models" | jq -r '.[0].id')

### send-mask: Send the mask
# A PNG the size of the model photo, white where the garment goes and black elsewhere.
# The model photo is then ready for a try-on.
curl -sS --fail-with-body -H "$AUTH" -F "mask=@mask.png" "$VTON_URL/api/models/$MODEL_ID/mask" | jq -r .status

### start-job: Start the try-on
# One try-on per model photo, all at once. The answer comes at once, every model queued.
JOB_ID=$(curl -sS --fail-with-body -H "$AUTH" -H "Content-Type: application/json" \
  -d "{\"garmentId\": $GARMENT_ID, \"modelIds\": [$MODEL_ID], \"prompt\": \"fitted cotton t-shirt, soft studio light\"}" \
  "$VTON_URL/api/try-on/jobs" | jq -r .id)

### poll-job: Wait for the webhook (or ask)
# Your webhook endpoint receives job.completed with the whole job in data; the result is
# data.models[0].result.imageUrl. Without a webhook, ask until the job is no longer running:
until [ "$(curl -sS --fail-with-body -H "$AUTH" "$VTON_URL/api/try-on/jobs/$JOB_ID" | jq -r .status)" != running ]; do sleep 3; done
RESULT_URL=$(curl -sS --fail-with-body -H "$AUTH" "$VTON_URL/api/try-on/jobs/$JOB_ID" | jq -r '.models[0].result.imageUrl')

### download: Download the result
# A PNG of the model photo's own size. Result URLs are signed: no key needed, valid for an hour.
curl -sS --fail-with-body -o result.png "$VTON_URL$RESULT_URL"

### start-run: A catalogue run: every product on every model photo
# List several garment and model photo ids: one cell per pair, each a try-on of the queue, each
# product with its own category (the upload's category field, or PATCH /api/garments/{id}). A model
# photo without a mask for a product's category gets a skipped cell saying why. Wait for the
# run.completed webhook, or ask until the run is no longer running:
RUN_ID=$(curl -sS --fail-with-body -H "$AUTH" -H "Content-Type: application/json" \
  -d "{\"garmentIds\": [$GARMENT_ID], \"modelIds\": [$MODEL_ID], \"prompt\": \"soft studio light\"}" \
  "$VTON_URL/api/try-on/runs" | jq -r .id)
until [ "$(curl -sS --fail-with-body -H "$AUTH" "$VTON_URL/api/try-on/runs/$RUN_ID" | jq -r .status)" != running ]; do sleep 3; done

### download-run: Download the whole run as one ZIP
# Every result as <product>__<model>.png, and manifest.csv with every cell's state and error.
curl -sS --fail-with-body -H "$AUTH" -o run.zip "$VTON_URL/api/try-on/runs/$RUN_ID/archive"
